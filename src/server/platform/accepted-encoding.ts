/** The compressions the server keeps ready-made copies in, best first. */
export type ContentEncoding = "br" | "gzip";

/**
 * The best of brotli and gzip the client's Accept-Encoding allows, or null for the plain body. A
 * coding listed with q=0 is refused, as RFC 9110 says; the order of preference is ours (brotli is
 * the smaller), not the client's.
 */
export function acceptedEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const allowed = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [coding, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((param) => param.startsWith("q="));
    if (coding && !(q && Number(q.slice(2)) === 0)) allowed.add(coding);
  }
  if (allowed.has("br")) return "br";
  if (allowed.has("gzip")) return "gzip";
  return null;
}
