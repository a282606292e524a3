import { Outlet } from "react-router-dom";
import { ConsoleBar } from "./ConsoleBar.tsx";
import "./admin.css";

/** The frame of the growth console's pages (staff only, behind RequireStaff): its bar, then the page. */
export function AdminLayout() {
  return (
    <div className="admin-area">
      <ConsoleBar />
      <div className="container admin-page">
        <Outlet />
      </div>
    </div>
  );
}
