/*
 * The profession page is an account page and wears the account area's layout classes
 * (AccountPage.css). Features do not import each other, so the app brings the two together here
 * (loaded lazily, like every page).
 */
import "../features/account/AccountPage.css";

export { ProfessionPage } from "../features/professions/ProfessionPage.tsx";
