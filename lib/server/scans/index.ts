// The scans: periodic reads that announce conditions nobody's action changes at a
// given moment (a gap proven by time passing, a range or certificate nearing its expiry), each once.
export { announceOnce, type Announcement } from "./announce";
export { LEDGER_EVENTS_PER_RUN, scanLedger, type LedgerScanResult } from "./scan-ledger";
export { scanCertificates, type CertificateScanResult } from "./scan-certificates";
export { scanJobs } from "./jobs";
