import { format, type Dictionary } from "@/lib/i18n";
import { Badge } from "@/components/ui/status-badge";
import type { Tone } from "@/components/ui/banner";

import styles from "./api-reference.module.css";
import { MarkdownText, Inline } from "./markdown-text";
import {
  anchorOf,
  examplesOf,
  exampleText,
  referenceTags,
  referenceWebhooks,
  schemaAnchor,
  SCHEMAS_SLUG,
  securityOf,
  WEBHOOKS_SLUG,
  type OpenApiDocument,
  type OpenApiMediaType,
  type OpenApiParameter,
  type OpenApiResponse,
  type ReferenceOperation,
} from "./openapi-model";
import { SchemaView, TypeLabel } from "./schema-view";

type ReferenceText = Dictionary["docs"]["reference"];

const METHOD_TONE: Record<string, Tone> = {
  GET: "info",
  POST: "success",
  PUT: "warning",
  PATCH: "warning",
  DELETE: "danger",
};

export const CONTENTS_ID = "api-contents";

/** The query kept on the reference's links ("?lang=en" when the page was asked in a language). */
export function docsQuery(lang: string | undefined): string {
  return lang === "en" || lang === "es" ? `?lang=${lang}` : "";
}

/**
 * The reference's first page, /docs: a short table of contents (one page per tag, the webhooks'
 * events and the schemas), the document's introduction, and each tag's operations as links
 * (method, path, summary) to their place on the tag's page.
 */
export function ApiContents({
  document,
  text,
  query,
}: {
  document: OpenApiDocument;
  text: ReferenceText;
  query: string;
}) {
  const tags = referenceTags(document);
  const webhooks = referenceWebhooks(document);
  return (
    <div className={styles.reference} data-testid="api-reference">
      <nav aria-labelledby={CONTENTS_ID} className={styles.contents}>
        <h2 id={CONTENTS_ID}>{text.contents}</h2>
        <ul>
          {tags.map((tag) => (
            <li key={tag.slug}>
              <a href={`/docs/${tag.slug}${query}`}>{tag.name}</a>
            </li>
          ))}
          <li>
            <a href={`/docs/${WEBHOOKS_SLUG}${query}`}>{text.webhooks}</a>
          </li>
          <li>
            <a href={`/docs/${SCHEMAS_SLUG}${query}`}>{text.schemas}</a>
          </li>
        </ul>
      </nav>
      {document.info?.description ? (
        <div lang="en" className={styles.description}>
          <MarkdownText text={document.info.description} />
        </div>
      ) : null}
      {tags.map((tag) => (
        <section key={tag.slug} aria-labelledby={tag.anchor} className={styles.tag}>
          <h2 id={tag.anchor}>
            <a href={`/docs/${tag.slug}${query}`}>{tag.name}</a>
          </h2>
          {tag.description ? (
            <div lang="en">
              <MarkdownText text={tag.description} />
            </div>
          ) : null}
          <OperationList
            operations={tag.operations}
            label={format(text.operationsOf, { tag: tag.name })}
            page={`/docs/${tag.slug}${query}`}
          />
        </section>
      ))}
      <section aria-labelledby="tag-webhooks-events" className={styles.tag}>
        <h2 id="tag-webhooks-events">
          <a href={`/docs/${WEBHOOKS_SLUG}${query}`}>{text.webhooks}</a>
        </h2>
        <p>{text.webhooksIntro}</p>
        <OperationList operations={webhooks} label={text.webhooks} page={`/docs/${WEBHOOKS_SLUG}${query}`} />
      </section>
    </div>
  );
}

/** The pages below /docs: one per tag, the webhooks' events, the schemas. */
export function apiSections(
  document: OpenApiDocument,
  text: ReferenceText,
): Array<{ slug: string; title: string }> {
  return [
    ...referenceTags(document).map((tag) => ({ slug: tag.slug, title: tag.name })),
    { slug: WEBHOOKS_SLUG, title: text.webhooks },
    { slug: SCHEMAS_SLUG, title: text.schemas },
  ];
}

/**
 * One page of the reference, /docs/<slug>: a tag's operations in full (method, path, summary,
 * description, authentication, parameters, request body, responses with their schemas and folded
 * examples), each anchored by its operationId; or the webhooks' events (webhook-<event>); or the
 * schemas (schema-<Name>). Null for a slug the document does not have.
 */
export function ApiSection({
  document,
  text,
  slug,
  query,
}: {
  document: OpenApiDocument;
  text: ReferenceText;
  slug: string;
  query: string;
}) {
  const back = (
    <p className={styles.back}>
      <a href={`/docs${query}#${CONTENTS_ID}`}>{text.backToContents}</a>
    </p>
  );
  if (slug === SCHEMAS_SLUG) {
    const schemas = Object.entries(document.components?.schemas ?? {});
    return (
      <div className={styles.reference} data-testid="api-reference">
        {back}
        <h2>{text.schemas}</h2>
        {schemas.map(([name, schema]) => (
          <article key={name} aria-labelledby={schemaAnchor(name)} className={styles.operation}>
            <h3 id={schemaAnchor(name)}>
              <code>{name}</code>
            </h3>
            <div lang="en">
              <MarkdownText text={schema.description} />
              <SchemaView schema={schema} document={document} text={text} query={query} />
            </div>
          </article>
        ))}
      </div>
    );
  }
  const tag =
    slug === WEBHOOKS_SLUG
      ? { name: text.webhooks, intro: text.webhooksIntro, operations: referenceWebhooks(document) }
      : referenceTags(document).find((candidate) => candidate.slug === slug);
  if (!tag) return null;
  const webhook = slug === WEBHOOKS_SLUG;
  return (
    <div className={styles.reference} data-testid="api-reference">
      {back}
      <h2>{tag.name}</h2>
      {"intro" in tag ? <p>{tag.intro}</p> : null}
      {"description" in tag && tag.description ? (
        <div lang="en">
          <MarkdownText text={tag.description} />
        </div>
      ) : null}
      <OperationList
        operations={tag.operations}
        label={format(text.operationsOf, { tag: tag.name })}
        page=""
      />
      {tag.operations.map((operation) => (
        <Operation
          key={operation.anchor}
          item={operation}
          document={document}
          text={text}
          query={query}
          webhook={webhook}
        />
      ))}
    </div>
  );
}

/** A tag's operations as links (method and path), before their details. */
function OperationList({
  operations,
  label,
  page,
}: {
  operations: ReferenceOperation[];
  label: string;
  /** The page the operations are on ("" for this one). */
  page: string;
}) {
  return (
    <ul className={styles.operationList} aria-label={label}>
      {operations.map((operation) => (
        <li key={operation.anchor}>
          <a href={`${page}#${operation.anchor}`}>
            <span className={styles.method}>{operation.method}</span> <code>{operation.path}</code>
          </a>
          {operation.operation.summary ? (
            <span lang="en" className={styles.listSummary}>
              {" — "}
              {operation.operation.summary}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Operation({
  item,
  document,
  text,
  query,
  webhook = false,
}: {
  item: ReferenceOperation;
  document: OpenApiDocument;
  text: ReferenceText;
  query: string;
  webhook?: boolean;
}) {
  const { operation } = item;
  const security = securityOf(operation, document);
  return (
    <article aria-labelledby={item.anchor} className={styles.operation}>
      <h3 id={item.anchor} className={styles.operationTitle}>
        <Badge tone={METHOD_TONE[item.method] ?? "neutral"}>{item.method}</Badge>{" "}
        <code className={styles.path}>{item.path}</code>
      </h3>
      <div lang="en">
        {operation.summary ? (
          <p className={styles.summary}>
            <Inline text={operation.summary} />
          </p>
        ) : null}
        <MarkdownText text={operation.description} />
      </div>
      <p className={styles.meta}>
        {text.operationId} <code>{operation.operationId ?? item.anchor}</code>
        {webhook ? null : (
          <>
            {" · "}
            {security.length ? (
              <>
                {text.auth} <code>{security.map((names) => names.join(" + ")).join(" | ")}</code>
              </>
            ) : (
              text.noAuth
            )}
          </>
        )}
      </p>
      {operation.parameters?.length ? (
        <>
          <h4>{text.parameters}</h4>
          <Parameters parameters={operation.parameters} document={document} text={text} query={query} />
        </>
      ) : null}
      {operation.requestBody?.content ? (
        <>
          <h4>{text.requestBody}</h4>
          <div lang="en">
            <MarkdownText text={operation.requestBody.description} />
          </div>
          <Content
            content={operation.requestBody.content}
            document={document}
            text={text}
            query={query}
            expand
            idPrefix={`${item.anchor}-request`}
          />
        </>
      ) : null}
      {operation.responses ? (
        <>
          <h4>{text.responses}</h4>
          {Object.entries(operation.responses).map(([status, response]) => (
            <Response
              key={status}
              status={status}
              response={response}
              document={document}
              text={text}
              query={query}
              idPrefix={`${item.anchor}-${status}`}
            />
          ))}
        </>
      ) : null}
    </article>
  );
}

function Parameters({
  parameters,
  document,
  text,
  query,
}: {
  parameters: OpenApiParameter[];
  document: OpenApiDocument;
  text: ReferenceText;
  query: string;
}) {
  return (
    <dl className={styles.properties}>
      {parameters.map((parameter) => (
        <div key={`${parameter.in}-${parameter.name}`} className={styles.property}>
          <dt>
            <code className={styles.propertyName}>{parameter.name}</code>{" "}
            {parameter.schema ? <TypeLabel schema={parameter.schema} query={query} /> : null}{" "}
            <span className={styles.optional}>{text.in[parameter.in]}</span>{" "}
            <span className={parameter.required ? styles.required : styles.optional}>
              {parameter.required ? text.required : text.optional}
            </span>
          </dt>
          <dd lang="en">
            <MarkdownText text={parameter.description ?? parameter.schema?.description} />
            {parameter.schema && !parameter.schema.$ref ? (
              <SchemaView schema={parameter.schema} document={document} text={text} depth={1} query={query} />
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Response({
  status,
  response,
  document,
  text,
  query,
  idPrefix,
}: {
  status: string;
  response: OpenApiResponse;
  document: OpenApiDocument;
  text: ReferenceText;
  query: string;
  idPrefix: string;
}) {
  const headers = Object.entries(response.headers ?? {});
  return (
    // A plain block, not a region: every operation has a "200", and regions need unique names.
    <div className={styles.response}>
      <h5 id={idPrefix} className={styles.status}>
        <code>{status}</code>
      </h5>
      <div lang="en">
        <MarkdownText text={response.description} />
      </div>
      {headers.length ? (
        <>
          <p className={styles.meta}>{text.headers}</p>
          <dl className={styles.properties}>
            {headers.map(([name, header]) => (
              <div key={name} className={styles.property}>
                <dt>
                  <code className={styles.propertyName}>{name}</code>{" "}
                  {header.schema ? <TypeLabel schema={header.schema} query={query} /> : null}
                </dt>
                <dd lang="en">
                  <MarkdownText text={header.description} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      {response.content ? (
        <Content
          content={response.content}
          document={document}
          text={text}
          query={query}
          expand={status.startsWith("2")}
          idPrefix={idPrefix}
        />
      ) : null}
    </div>
  );
}

/**
 * Each media type: its schema (a success's and a request's opened, an error's linked: they share
 * a few schemas, listed once on the schemas' page), then its examples, each folded under its name.
 */
function Content({
  content,
  document,
  text,
  query,
  expand,
  idPrefix,
}: {
  content: Record<string, OpenApiMediaType>;
  document: OpenApiDocument;
  text: ReferenceText;
  query: string;
  expand: boolean;
  idPrefix: string;
}) {
  return (
    <>
      {Object.entries(content).map(([mediaType, media]) => (
        <div key={mediaType} className={styles.media}>
          <p className={styles.meta}>
            <code>{mediaType}</code>
          </p>
          {media.schema ? (
            <div lang="en">
              <SchemaView
                schema={media.schema}
                document={document}
                text={text}
                query={query}
                expand={expand}
              />
            </div>
          ) : null}
          {examplesOf(media).map((example) => (
            <details
              key={example.name}
              className={styles.example}
              id={anchorOf(`${idPrefix}-`, example.name)}
            >
              <summary>
                {format(text.example, { name: example.name })}
                {example.summary ? (
                  <span lang="en">
                    {" — "}
                    {example.summary}
                  </span>
                ) : null}
              </summary>
              <pre className={styles.code}>{exampleText(example.value)}</pre>
            </details>
          ))}
        </div>
      ))}
    </>
  );
}
