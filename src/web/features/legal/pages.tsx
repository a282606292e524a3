import contacts from "#content/legal/contacts.md?raw";
import privacyPolicy from "#content/legal/privacy-policy.md?raw";
import refundPolicy from "#content/legal/refund-policy.md?raw";
import termsOfService from "#content/legal/terms-of-service.md?raw";
import { LegalPage } from "./LegalPage.tsx";

export function TermsOfServicePage() {
  return <LegalPage source={termsOfService} />;
}

export function PrivacyPolicyPage() {
  return <LegalPage source={privacyPolicy} />;
}

export function RefundPolicyPage() {
  return <LegalPage source={refundPolicy} />;
}

export function ContactsPage() {
  return <LegalPage source={contacts} />;
}
