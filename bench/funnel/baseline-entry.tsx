// The libraries the first quiz screen needs, bundled alone with the least code that uses each:
// the yardstick for the funnel's first-load JavaScript (bench/funnel/bundle.ts).
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useMachine } from "@xstate/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, Link, Outlet, RouterProvider } from "react-router-dom";
import { assign, setup } from "xstate";

type Types = { context: { n: number }; events: { type: "NEXT" } };
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- XState infers its types from this assertion
const machine = setup({ types: {} as Types }).createMachine({
  context: { n: 0 },
  on: { NEXT: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
});

function Page() {
  const [state, send] = useMachine(machine);
  const { data } = useQuery({ queryKey: ["x"], queryFn: () => Promise.resolve("ok") });
  return (
    <button type="button" onClick={() => send({ type: "NEXT" })}>
      {state.context.n} {data} <Link to="/">home</Link>
    </button>
  );
}

const router = createBrowserRouter([{ path: "/", element: <Outlet />, children: [{ index: true, element: <Page /> }] }]);
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
