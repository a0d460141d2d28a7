// The remedy for one e-NCF (GET …/secuencias/{encf}/remedio): what the clerk should do with it, from
// the ledger and DGII. Stands on the ledger and the documents (DGII lookups); nothing imports it
// but the routes.
export { findRemedy, type RemedyQuery } from "./find-remedy";
