export { startWebhookDispatcher, stopWebhookDispatcher } from "./dispatcher";
export { webhookJobs } from "./jobs";
