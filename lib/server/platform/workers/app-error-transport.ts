import "server-only";
import { AppError } from "@/lib/errors";

/** An AppError as plain data, to cross a thread boundary (structured clone drops its class), and back. */
export interface SerializedAppError {
  code: AppError["code"];
  message: string;
  status: number;
  errors?: AppError["errors"];
  extra?: AppError["extra"];
}

export function serializeAppError(error: AppError): SerializedAppError {
  return {
    code: error.code,
    message: error.message,
    status: error.status,
    errors: error.errors,
    extra: error.extra,
  };
}

export function deserializeAppError(data: SerializedAppError): AppError {
  return new AppError(data.code, data.message, {
    status: data.status,
    errors: data.errors,
    extra: data.extra,
  });
}
