// The remedy for one e-NCF (GET …/secuencias/{encf}/remedio): what the clerk should do with it, from
// the ledger and DGII. Stands on the ledger and the documents (DGII lookups); the routes and the
// portal's credit note (lib/server/credit-notes) read it.
export { findRemedy, type RemedyQuery } from "./find-remedy";
export { readEarlierCreditNotes } from "./held-document";
