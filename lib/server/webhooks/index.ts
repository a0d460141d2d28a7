export { startWebhookDispatcher, stopWebhookDispatcher } from "./dispatcher";
export { webhookJobs } from "./jobs";
export { deliveriesOfEvents, type WebhookDeliveryView } from "./endpoint-deliveries";
