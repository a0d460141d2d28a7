import { Fragment, type ReactNode } from "react";

import type { Dictionary } from "@/lib/i18n";

import styles from "./api-reference.module.css";
import { MarkdownText } from "./markdown-text";
import {
  constraintsOf,
  refName,
  resolveSchema,
  schemaAnchor,
  SCHEMAS_SLUG,
  type OpenApiDocument,
  type OpenApiSchema,
} from "./openapi-model";

type ReferenceText = Dictionary["docs"]["reference"];

/** A schema with no type accepts any JSON value (JSON Schema's own word for it). */
const ANY = ["any"];
/** An array of a type, written as TypeScript does: `VoidRange[]`. */
const ARRAY_SUFFIX = "[]";

/** Inline objects are opened this deep; deeper ones, and every named schema, are a link. */
const MAX_DEPTH = 2;

/**
 * A schema's type in one line: a named schema as a link to its entry under Esquemas, arrays as
 * `Item[]`, unions joined with "|", constants and enums by their values.
 */
export function TypeLabel({ schema, query }: { schema: OpenApiSchema; query: string }): ReactNode {
  const name = refName(schema.$ref);
  if (name) {
    return (
      <a href={`/docs/${SCHEMAS_SLUG}${query}#${schemaAnchor(name)}`}>
        <code>{name}</code>
      </a>
    );
  }
  const union = schema.oneOf ?? schema.anyOf ?? schema.allOf;
  if (union) {
    return union.map((member, index) => (
      <Fragment key={index}>
        {index > 0 ? " | " : null}
        <TypeLabel schema={member} query={query} />
      </Fragment>
    ));
  }
  if (schema.const !== undefined) return <code>{JSON.stringify(schema.const)}</code>;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes("array") && schema.items) {
    const rest = [ARRAY_SUFFIX, ...types.filter((type) => type !== "array")].join(" | ");
    return (
      <>
        <TypeLabel schema={schema.items} query={query} />
        <code>{rest}</code>
      </>
    );
  }
  return <code>{(types.length ? types : ANY).join(" | ")}</code>;
}

/**
 * A schema in full: its description, constraints and values, and for an object its properties
 * (name, type, required, description), inline objects opened below their property.
 */
export function SchemaView({
  schema,
  document,
  text,
  depth = 0,
  query,
  expand = true,
}: {
  schema: OpenApiSchema;
  document: OpenApiDocument;
  text: ReferenceText;
  depth?: number;
  /** "?lang=en" or "": kept on the links to the schemas' page. */
  query: string;
  /** false: a named schema is only linked, not opened here (its page lists its properties). */
  expand?: boolean;
}) {
  const shown = depth === 0 && expand ? resolveSchema(schema, document) : schema;
  const union = shown.oneOf ?? shown.anyOf;
  return (
    <div className={styles.schema}>
      {depth === 0 && schema.$ref ? (
        <p className={styles.meta}>
          {text.schema} <TypeLabel schema={schema} query={query} />
        </p>
      ) : null}
      <Facts schema={shown} text={text} />
      {union && depth < MAX_DEPTH && union.some((member) => member.properties) ? (
        <>
          <p className={styles.meta}>{text.oneOf}</p>
          <ul className={styles.shapes}>
            {union.map((member, index) => (
              <li key={index}>
                <TypeLabel schema={member} query={query} />
                <SchemaView schema={member} document={document} text={text} depth={depth + 1} query={query} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {shown.properties ? (
        <Properties schema={shown} document={document} text={text} depth={depth} query={query} />
      ) : null}
      {shown.items?.properties && depth < MAX_DEPTH ? (
        <SchemaView schema={shown.items} document={document} text={text} depth={depth + 1} query={query} />
      ) : null}
    </div>
  );
}

/** Constraints and enum values of one schema. */
function Facts({ schema, text }: { schema: OpenApiSchema; text: ReferenceText }) {
  const constraints = constraintsOf(schema);
  return (
    <>
      {constraints.length ? (
        <p className={styles.meta}>
          <code>{constraints.map((pair) => pair.join(": ")).join(" · ")}</code>
        </p>
      ) : null}
      {schema.enum ? (
        <p className={styles.meta}>
          {text.values} <code>{schema.enum.map((value) => JSON.stringify(value)).join(", ")}</code>
        </p>
      ) : null}
    </>
  );
}

function Properties({
  schema,
  document,
  text,
  depth,
  query,
}: {
  schema: OpenApiSchema;
  document: OpenApiDocument;
  text: ReferenceText;
  depth: number;
  query: string;
}) {
  const required = new Set(schema.required ?? []);
  const extra = typeof schema.additionalProperties === "object" ? schema.additionalProperties : null;
  return (
    <dl className={styles.properties}>
      {Object.entries(schema.properties ?? {}).map(([property, value]) => (
        <div key={property} className={styles.property}>
          <dt>
            <code className={styles.propertyName}>{property}</code> <TypeLabel schema={value} query={query} />{" "}
            <span className={required.has(property) ? styles.required : styles.optional}>
              {required.has(property) ? text.required : text.optional}
            </span>
          </dt>
          <dd>
            <MarkdownText text={value.description} />
            <Facts schema={value} text={text} />
            {!value.$ref && (value.properties || value.items?.properties) && depth < MAX_DEPTH ? (
              <SchemaView schema={value} document={document} text={text} depth={depth + 1} query={query} />
            ) : null}
          </dd>
        </div>
      ))}
      {extra ? (
        <div className={styles.property}>
          <dt>
            <span className={styles.propertyName}>{text.otherProperties}</span>{" "}
            <TypeLabel schema={extra} query={query} />
          </dt>
          <dd>
            <MarkdownText text={extra.description} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
