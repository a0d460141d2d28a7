export { notificationJobs } from "./jobs";
