export type ClientLog = { level: "debug" | "info" | "warn" | "error"; message: string; requestId: string; ip: string };

/** Slack's control characters escaped, so a message can neither link nor mention anyone. */
const escapeForChat = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/`/g, "'");

/** Sends client logs to a Slack-compatible webhook; never throws. Returns whether it was delivered. */
export function createLogForwarder(webhookUrl: string | undefined, fetchImpl: typeof fetch) {
  return {
    enabled: webhookUrl !== undefined,
    async forward(log: ClientLog): Promise<boolean> {
      if (!webhookUrl) return false;
      const text = `*[${log.level}]* client log, request ${log.requestId}\n\`\`\`${escapeForChat(log.message)}\`\`\``;
      try {
        const response = await fetchImpl(webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text }),
          signal: AbortSignal.timeout(3000),
        });
        return response.ok;
      } catch {
        return false;
      }
    },
  };
}
