export { loadConfig, parseConfig, resetConfigForTests, type AppConfig } from "./load-config";
export { logger } from "./logger";
