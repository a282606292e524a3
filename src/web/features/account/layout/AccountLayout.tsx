import { useEffect, useId, useRef, useState } from "react";
import { NavLink, Outlet, useLocation } from "react-router-dom";
import { useAuth } from "#web/shared/auth/index.ts";
import { useKeepTimeZone } from "#web/shared/time-zone/time-zone.ts";
import { paths } from "#web/shared/routing/paths.ts";
import { ACCOUNT_NAV_ITEMS } from "./account-nav-items.ts";
import "./AccountLayout.css";

/**
 * The frame of every account page: the account's sections as a row of links on wide screens, and
 * behind a "Menu" button on phones and small tablets (it closes on a choice, and on Escape, which
 * gives focus back to the button). The current section is marked for screen
 * readers with aria-current.
 */
export function AccountLayout() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { customer } = useAuth();
  useKeepTimeZone(customer?.id);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const current = ACCOUNT_NAV_ITEMS.find((item) => (item.end ? pathname === item.to : pathname.startsWith(item.to)));

  return (
    <div className="account-area">
      <nav className="account-nav" aria-label="Your account">
        <div className="container account-nav__inner">
          <button ref={button} type="button" className="account-nav__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((was) => !was)}>
            <span>Menu</span>
            {current ? <span className="account-nav__current">{current.label}</span> : null}
          </button>
          <ul id={listId} className={`account-nav__list${open ? " account-nav__list--open" : ""}`}>
            {ACCOUNT_NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="account-nav__link" onClick={() => setOpen(false)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {customer?.is_staff ? (
              <li>
                <NavLink to={paths.adminFunnels} className="account-nav__link" onClick={() => setOpen(false)}>
                  Growth console
                </NavLink>
              </li>
            ) : null}
          </ul>
        </div>
      </nav>
      <Outlet />
    </div>
  );
}
