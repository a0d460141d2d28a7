export { AppError, isAppError, type ErrorDetail, type AppErrorOptions } from "./app-error";
export { ERROR_STATUS, statusOf, type ErrorCode } from "./error-codes";
