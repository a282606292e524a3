import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "./app/AppProviders.tsx";
import { routes } from "./app/routes.tsx";
import { startAuth } from "./shared/auth/AuthProvider.tsx";
import { setMonitoringUser, startMonitoring } from "./shared/monitoring/monitoring.ts";
import "./styles/tokens.css";
import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });
const router = createBrowserRouter(routes);

// The login check runs alongside the catalogue load, before any page needs it.
const auth = startAuth();
auth.subscribe((snapshot) => setMonitoringUser(snapshot.context.customer));
startMonitoring();

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} auth={auth}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
