import { useQuery } from "@tanstack/react-query";
import { paths } from "#web/shared/routing/paths.ts";
import { LoadFailed } from "#web/shared/ui/LoadFailed.tsx";
import { PageLoading } from "#web/shared/ui/PageLoading.tsx";
import { AccountSubPage } from "../ui/AccountSubPage.tsx";
import { CoachBooking } from "./CoachBooking.tsx";
import { bookingsQuery, coachingInfoQuery } from "./coaching-api.ts";
import "#web/shared/ui/forms.css";
import "./coaching.css";

/** `/account/book-your-coach`: the sessions on offer, a free time for one, and the customer's sessions to move or cancel. */
export function BookCoachPage() {
  const info = useQuery(coachingInfoQuery());
  const mine = useQuery(bookingsQuery());
  return (
    <AccountSubPage
      eyebrow="Your account"
      title={info.data?.title ?? "Book a session with a coach"}
      back={{ to: paths.account, label: "Account" }}
      intro={info.data?.intro}
    >
      {info.data && mine.data ? (
        <CoachBooking info={info.data} upcoming={mine.data.upcoming} locked={mine.data.locked} />
      ) : info.isError || mine.isError ? (
        <LoadFailed
          what="coaching"
          onRetry={() => {
            void info.refetch();
            void mine.refetch();
          }}
        />
      ) : (
        <PageLoading label="Loading coaching…" />
      )}
    </AccountSubPage>
  );
}
