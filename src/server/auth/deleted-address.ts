/** The address a deleted account is left with: unique, and one no mail can reach (.invalid is reserved, RFC 2606). */
export const deletedAddress = (customerId: string) => `deleted-${customerId}@deleted.invalid`;
