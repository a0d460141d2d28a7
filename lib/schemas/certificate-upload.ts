import { z } from "zod";

/** The portal's certificate upload (.p12 + password): the form and the server action share it. */
// Real .p12 files are a few KB; 512 KB keeps the upload under the server actions body limit (1 MB).
export const CERTIFICATE_MAX_BYTES = 512 * 1024;

export interface CertificateUploadMessages {
  fileRequired: string;
  fileTooLarge: string;
  fileType: string;
  passwordRequired: string;
}

/** Messages come from the caller's dictionary, so the same rules speak Spanish or English. */
export function certificateUploadSchema(messages: CertificateUploadMessages) {
  return z.object({
    file: z
      .custom<File>((value) => typeof File !== "undefined" && value instanceof File && value.size > 0, {
        message: messages.fileRequired,
      })
      .refine((file) => /\.(p12|pfx)$/i.test(file.name), { message: messages.fileType })
      .refine((file) => file.size <= CERTIFICATE_MAX_BYTES, { message: messages.fileTooLarge }),
    // Not trimmed: a certificate password may legitimately start or end with a space.
    password: z.string().min(1, { message: messages.passwordRequired }).max(500),
  });
}

export type CertificateUploadInput = z.infer<ReturnType<typeof certificateUploadSchema>>;
