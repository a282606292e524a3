export { useAuth, useAuthRecheck } from "./AuthProvider.tsx";
