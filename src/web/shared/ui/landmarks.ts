/** The id of every page's <main>: the skip link and focus after navigation point at it. */
export const MAIN_ID = "main";
