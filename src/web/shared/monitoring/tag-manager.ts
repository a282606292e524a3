declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Loads Google Tag Manager's container script (the standard snippet, without inline script). */
export function loadTagManager(containerId: string, doc: Document = document): void {
  if (doc.querySelector("script[data-gtm]")) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = doc.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  script.dataset.gtm = containerId;
  doc.head.append(script);
}
