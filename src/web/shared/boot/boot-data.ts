import { BOOT_DATA_ID, type BootData } from "#schemas/pages/boot-data.ts";

const isEntry = (e: unknown): e is { code: string; text: string } =>
  typeof e === "object" && e !== null && typeof (e as { code?: unknown }).code === "string" && typeof (e as { text?: unknown }).text === "string";

const isFlow = (f: unknown): f is { code: string; hash: string } =>
  typeof f === "object" && f !== null && typeof (f as { code?: unknown }).code === "string" && typeof (f as { hash?: unknown }).hash === "string";

const isRoute = (r: unknown): r is { path: string; flow: string } =>
  typeof r === "object" &&
  r !== null &&
  typeof (r as { path?: unknown }).path === "string" &&
  (r as { path: string }).path.startsWith("/") &&
  typeof (r as { flow?: unknown }).flow === "string";

/** The customer the server found the page's cookie proves (ADR 075): null for nobody, absent when it did not ask. */
function customerOf(value: unknown): Pick<BootData, "customer"> {
  if (value === null) return { customer: null };
  if (typeof value !== "object") return {};
  const { id, email, is_onboarded, is_staff, first_name } = value as Record<string, unknown>;
  return typeof id === "string" && typeof email === "string" && typeof is_onboarded === "boolean" && typeof is_staff === "boolean"
    ? { customer: { id, email, is_onboarded, is_staff, first_name: typeof first_name === "string" ? first_name : null } }
    : {};
}

const PIXEL_ID = /^[A-Za-z0-9]{1,40}$/;

/** The configured pixels' ids, each kept only when it looks like one. */
function pixelsOf(value: unknown): Pick<BootData, "pixels"> {
  if (typeof value !== "object" || value === null) return {};
  const { meta, tiktok } = value as Record<string, unknown>;
  const pixels = {
    ...(typeof meta === "string" && PIXEL_ID.test(meta) ? { meta } : {}),
    ...(typeof tiktok === "string" && PIXEL_ID.test(tiktok) ? { tiktok } : {}),
  };
  return Object.keys(pixels).length > 0 ? { pixels } : {};
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isLists = (v: unknown) => isRecord(v) && Object.values(v).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === "string"));

/** The run the page carries (ADR 078), kept only when it has the shape the server writes. */
function runOf(value: unknown): Pick<BootData, "run"> {
  if (!isRecord(value)) return {};
  const { sessionId, answers, variants, order } = value;
  if (typeof sessionId !== "string" || !isRecord(answers) || !isRecord(variants) || !Object.values(variants).every((v) => typeof v === "string")) return {};
  const shown = isRecord(order) && isLists(order.options) && isLists(order.groups) ? { order: order as NonNullable<BootData["run"]>["order"] } : {};
  return { run: { sessionId, answers, variants: variants as Record<string, string>, ...shown } };
}

let read: BootData | null | undefined;

/** The page's boot data, read once (see readBootData); while the server renders a page, that page's. */
export function bootData(): BootData | null {
  if (read === undefined) read = typeof document === "undefined" ? null : readBootData();
  return read;
}

/**
 * The server's renderer sets the boot data of the page it renders, and clears it (undefined) after:
 * rendering is synchronous, so one page's data never reaches another's render.
 */
export function renderWithBootData(data: BootData | undefined): void {
  read = data;
}

/**
 * The boot data the server put into the page (schemas/pages/boot-data.ts), or null when there is
 * none or it is not what it should be (the dev server, a cached old page): the app then loads the
 * catalogue and checks the login as it would without it.
 */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<BootData>;
    const entries = data.catalog?.data;
    if (typeof data.session !== "boolean" || !Array.isArray(entries) || !entries.every(isEntry)) return null;
    const flow = isFlow(data.flow) ? { flow: data.flow } : {};
    const routes = Array.isArray(data.routes) && data.routes.length > 0 && data.routes.every(isRoute) ? { routes: data.routes } : {};
    const finished = Number.isSafeInteger(data.finished30d) && data.finished30d! >= 0 ? { finished30d: data.finished30d } : {};
    const loaderData = data.hydration?.loaderData;
    const hydration =
      typeof loaderData === "object" && loaderData !== null && !Array.isArray(loaderData)
        ? { hydration: { loaderData }, ...(typeof data.queries === "object" && data.queries !== null ? { queries: data.queries } : {}) }
        : {};
    return {
      session: data.session,
      catalog: { data: entries },
      ...routes,
      ...flow,
      ...finished,
      ...hydration,
      ...pixelsOf(data.pixels),
      ...customerOf(data.customer),
      ...runOf(data.run),
    };
  } catch {
    return null;
  }
}
