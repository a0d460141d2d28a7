export { AppError, isAppError, type ErrorDetail, type AppErrorOptions } from "./app-error";
export { ERROR_STATUS, type ErrorCode } from "./error-codes";
