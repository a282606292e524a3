/** Each port gets its own data and build, so two suites on one machine (E2E_PORT=…) do not share a database or dist/. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_SUFFIX = process.env.E2E_PORT ? `-${E2E_PORT}` : "";
/** The e2e server's data directory (its embedded database and mail outbox). */
export const E2E_DATA_DIR = `.tmp/e2e-data${E2E_SUFFIX}`;
