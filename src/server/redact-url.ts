const SECRET_PARAMS = /([?&](?:token|tmp_token|password)=)[^&#]*/gi;

/** Keeps secrets that travel in links (login and reset tokens) out of the logs. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, "$1[redacted]");
