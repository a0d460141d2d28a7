// The gap review's DGII questions ("was this number ever sent?"), for the portal and other features.
export { checkRangesSent, TRACKIDS_CACHE_MS, type NumberAnswer, type RangeAnswer } from "./track-ids-check";
