import Link from "next/link";

import { Card } from "@/components/ui/card";
import type { Locale } from "@/lib/domain/locale";
import { format, formatCurrency, type Dictionary } from "@/lib/i18n";
import { documentStatusLabel } from "@/lib/i18n/document-status";

export interface CreditNoteLinksProps {
  /** The e-CF this note modifies (its InformacionReferencia), for a note issued here. */
  modifies: string | null;
  /** The credit notes issued here that modify this document. */
  creditNotes: Array<{ encf: string; status: string; total: string | null }>;
  t: Dictionary;
  locale: Locale;
}

/** A credit note and the e-CF it cancels, linked both ways on their document pages. */
export function CreditNoteLinks({ modifies, creditNotes, t, locale }: CreditNoteLinksProps) {
  const l = t.creditNote.links;
  if (!modifies && creditNotes.length === 0) return null;
  return (
    <Card data-testid="credit-note-links">
      {modifies ? (
        <p data-testid="credit-note-modifies">
          <Link href={`/documents/${modifies}`}>{format(l.modifies, { encf: modifies })}</Link>
        </p>
      ) : null}
      {creditNotes.length > 0 ? (
        <>
          <p>{l.creditNotes}</p>
          <ul data-testid="credit-note-list">
            {creditNotes.map((note) => (
              <li key={note.encf}>
                <Link href={`/documents/${note.encf}`}>
                  {format(l.item, {
                    encf: note.encf,
                    status: documentStatusLabel(t.status, note.status),
                    total: note.total === null ? "—" : formatCurrency(Number(note.total), locale),
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
