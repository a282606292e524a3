/** Text made safe inside the server's own small HTML pages and e-mails (element content and quoted attributes). */
export const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The app's icon (public/favicon.svg), for the pages the server writes itself (the payment sandbox, the dev outbox). */
export const ICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';
