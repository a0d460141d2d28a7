"use client";

import { tableFeatures, useTable, type ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";

import { StatusBadge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";

import { ShortVoidId } from "./short-void-id";
import styles from "./void-history-table.module.css";

/** A row as the server prepared it: dates already formatted in Santo Domingo time, labels translated. */
export interface VoidHistoryRow {
  voidId: string;
  fecha: string;
  status: string;
  statusLabel: string;
  total: string;
  tipos: string;
  /** The reason as the portal words it ("08 · Errores en secuencia de NCF" or "Sin motivo") and its text. */
  reason: string;
  reasonCode: string | null;
  reasonText: string | null;
  /** The ranges, abbreviated when many (void-history.ts rangesSummary). */
  ranges: string;
  fileName: string;
  detailHref: string;
  xmlHref: string;
}

export interface VoidHistoryTableProps {
  rows: VoidHistoryRow[];
  caption: string;
  headers: {
    fecha: string;
    voidId: string;
    estado: string;
    total: string;
    tipos: string;
    motivo: string;
    rangos: string;
    archivo: string;
  };
  copy: { label: string; copied: string };
  empty: string;
}

const features = tableFeatures({});

function buildColumns(
  headers: VoidHistoryTableProps["headers"],
  copy: VoidHistoryTableProps["copy"],
): Array<ColumnDef<typeof features, VoidHistoryRow>> {
  return [
    {
      id: "fecha",
      accessorKey: "fecha",
      header: headers.fecha,
      cell: (info) => <span className="mono">{info.row.original.fecha}</span>,
    },
    {
      id: "voidId",
      accessorKey: "voidId",
      header: headers.voidId,
      cell: (info) => (
        <ShortVoidId voidId={info.row.original.voidId} href={info.row.original.detailHref} copy={copy} />
      ),
    },
    {
      id: "estado",
      accessorKey: "status",
      header: headers.estado,
      cell: (info) => <StatusBadge status={info.row.original.status} label={info.row.original.statusLabel} />,
    },
    { id: "total", accessorKey: "total", header: headers.total },
    { id: "tipos", accessorKey: "tipos", header: headers.tipos },
    {
      id: "motivo",
      accessorKey: "reason",
      header: headers.motivo,
      cell: (info) => (
        <span data-testid="row-reason" data-reason-code={info.row.original.reasonCode ?? ""}>
          {info.row.original.reason}
          {info.row.original.reasonText ? (
            <span className={`muted ${styles.reasonText}`}>{info.row.original.reasonText}</span>
          ) : null}
        </span>
      ),
    },
    {
      id: "rangos",
      accessorKey: "ranges",
      header: headers.rangos,
      cell: (info) => (
        <span className={`mono ${styles.ranges}`} data-testid="row-ranges">
          {info.row.original.ranges}
        </span>
      ),
    },
    {
      id: "archivo",
      accessorKey: "fileName",
      header: headers.archivo,
      cell: (info) => (
        <a href={info.row.original.xmlHref} className="mono" download>
          {info.row.original.fileName}
        </a>
      ),
    },
  ];
}

/** The history table (@tanstack/react-table, headless): filtering and paging happen on the server. */
export function VoidHistoryTable({ rows, caption, headers, copy, empty }: VoidHistoryTableProps) {
  const columns = useMemo(() => buildColumns(headers, copy), [headers, copy]);
  const table = useTable({ features, columns, data: rows });
  const numeric = (id: string) => id === "total";
  // On a phone each row is a compact card: status and total first, the reason and the ranges on lines
  // of their own; the file is left out (its detail page downloads it).
  const card = (id: string) =>
    id === "estado" || id === "total"
      ? "first"
      : id === "rangos" || id === "motivo"
        ? "wide"
        : id === "archivo"
          ? "secondary"
          : undefined;
  return (
    <Table caption={caption} data-testid="void-history" cards>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col" className={numeric(header.column.id) ? "num" : undefined}>
                <table.FlexRender header={header} />
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={8}>{empty}</td>
          </tr>
        ) : (
          table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-void-id={row.original.voidId}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={numeric(cell.column.id) ? "num" : undefined}
                  data-col={cell.column.id}
                  data-card={card(cell.column.id)}
                  data-label={headers[cell.column.id as keyof typeof headers]}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
