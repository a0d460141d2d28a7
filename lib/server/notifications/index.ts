export { notificationJobs } from "./jobs";
export { getMailer } from "./mailer";
