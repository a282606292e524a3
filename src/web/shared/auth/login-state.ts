/** Navigation state the login page understands: set after logging out, so it can confirm it. */
export type LoginPageState = { loggedOut?: boolean } | null;
