export { authStatus, logIn, logOut, recheck, setOnboarded, type AuthActor, type AuthSnapshot, type AuthStatus } from "./auth-actions.ts";
export { authMachine, NO_CREDENTIALS_MESSAGE, type AuthContext, type AuthEvent, type Customer, type LoginCredentials } from "./auth-machine.ts";
export { AuthProvider, startAuth, useAuth, useAuthActor, useAuthRecheck, useOptionalAuthStatus, useOptionalIsStaff, type Auth } from "./AuthProvider.tsx";
