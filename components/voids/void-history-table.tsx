"use client";

import { tableFeatures, useTable, type ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";

import { StatusBadge } from "@/components/ui/status-badge";
import { Table } from "@/components/ui/table";

/** A row as the server prepared it: dates already formatted in Santo Domingo time, labels translated. */
export interface VoidHistoryRow {
  voidId: string;
  fecha: string;
  status: string;
  statusLabel: string;
  total: string;
  tipos: string;
  fileName: string;
  detailHref: string;
  xmlHref: string;
}

export interface VoidHistoryTableProps {
  rows: VoidHistoryRow[];
  caption: string;
  headers: { fecha: string; voidId: string; estado: string; total: string; tipos: string; archivo: string };
  empty: string;
}

const features = tableFeatures({});

function buildColumns(
  headers: VoidHistoryTableProps["headers"],
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
        <Link href={info.row.original.detailHref} className="mono">
          {info.row.original.voidId}
        </Link>
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
export function VoidHistoryTable({ rows, caption, headers, empty }: VoidHistoryTableProps) {
  const columns = useMemo(() => buildColumns(headers), [headers]);
  const table = useTable({ features, columns, data: rows });
  const numeric = (id: string) => id === "total";
  return (
    <Table caption={caption} data-testid="void-history">
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
            <td colSpan={6}>{empty}</td>
          </tr>
        ) : (
          table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-void-id={row.original.voidId}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={numeric(cell.column.id) ? "num" : undefined}>
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
