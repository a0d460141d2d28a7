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
  securityOf,
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
export const WEBHOOKS_ID = "webhooks";
export const SCHEMAS_ID = "schemas";

/**
 * The API reference, rendered on the server from the OpenAPI document (no script, no vendor
 * markup): a short table of contents, then the operations grouped by tag (method, path, summary,
 * description, authentication, parameters, request body, responses with their schemas and
 * examples), the webhooks and the schemas. Every operation is anchored by its operationId, every
 * webhook as webhook-<event>, every schema as schema-<Name>. The document's descriptions are
 * English: they carry lang="en" inside a Spanish page.
 */
export function ApiReference({ document, text }: { document: OpenApiDocument; text: ReferenceText }) {
  const tags = referenceTags(document);
  const webhooks = referenceWebhooks(document);
  const schemas = Object.entries(document.components?.schemas ?? {});
  return (
    <div className={styles.reference} data-testid="api-reference">
      <nav aria-labelledby={CONTENTS_ID} className={styles.contents}>
        <h2 id={CONTENTS_ID}>{text.contents}</h2>
        <ul>
          {tags.map((tag) => (
            <li key={tag.anchor}>
              <a href={`#${tag.anchor}`}>{tag.name}</a>
            </li>
          ))}
          {webhooks.length ? (
            <li>
              <a href={`#${WEBHOOKS_ID}`}>{text.webhooks}</a>
            </li>
          ) : null}
          {schemas.length ? (
            <li>
              <a href={`#${SCHEMAS_ID}`}>{text.schemas}</a>
            </li>
          ) : null}
        </ul>
      </nav>
      {document.info?.description ? (
        <div lang="en" className={styles.description}>
          <MarkdownText text={document.info.description} />
        </div>
      ) : null}
      {tags.map((tag) => (
        <section key={tag.anchor} aria-labelledby={tag.anchor} className={styles.tag}>
          <h2 id={tag.anchor}>{tag.name}</h2>
          {tag.description ? (
            <div lang="en">
              <MarkdownText text={tag.description} />
            </div>
          ) : null}
          <OperationList operations={tag.operations} label={format(text.operationsOf, { tag: tag.name })} />
          {tag.operations.map((operation) => (
            <Operation key={operation.anchor} item={operation} document={document} text={text} />
          ))}
        </section>
      ))}
      {webhooks.length ? (
        <section aria-labelledby={WEBHOOKS_ID} className={styles.tag}>
          <h2 id={WEBHOOKS_ID}>{text.webhooks}</h2>
          <p>{text.webhooksIntro}</p>
          <OperationList operations={webhooks} label={text.webhooks} />
          {webhooks.map((webhook) => (
            <Operation key={webhook.anchor} item={webhook} document={document} text={text} webhook />
          ))}
        </section>
      ) : null}
      {schemas.length ? (
        <section aria-labelledby={SCHEMAS_ID} className={styles.tag}>
          <h2 id={SCHEMAS_ID}>{text.schemas}</h2>
          {schemas.map(([name, schema]) => (
            <article key={name} aria-labelledby={schemaAnchor(name)} className={styles.operation}>
              <h3 id={schemaAnchor(name)}>
                <code>{name}</code>
              </h3>
              <div lang="en">
                <MarkdownText text={schema.description} />
                <SchemaView schema={schema} document={document} text={text} />
              </div>
            </article>
          ))}
        </section>
      ) : null}
    </div>
  );
}

/** A tag's operations as links (method and path), before their details. */
function OperationList({ operations, label }: { operations: ReferenceOperation[]; label: string }) {
  return (
    <ul className={styles.operationList} aria-label={label}>
      {operations.map((operation) => (
        <li key={operation.anchor}>
          <a href={`#${operation.anchor}`}>
            <span className={styles.method}>{operation.method}</span> <code>{operation.path}</code>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Operation({
  item,
  document,
  text,
  webhook = false,
}: {
  item: ReferenceOperation;
  document: OpenApiDocument;
  text: ReferenceText;
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
          <Parameters parameters={operation.parameters} document={document} text={text} />
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
              idPrefix={`${item.anchor}-${status}`}
            />
          ))}
        </>
      ) : null}
      <p className={styles.back}>
        <a href={`#${CONTENTS_ID}`}>{text.backToContents}</a>
      </p>
    </article>
  );
}

function Parameters({
  parameters,
  document,
  text,
}: {
  parameters: OpenApiParameter[];
  document: OpenApiDocument;
  text: ReferenceText;
}) {
  return (
    <dl className={styles.properties}>
      {parameters.map((parameter) => (
        <div key={`${parameter.in}-${parameter.name}`} className={styles.property}>
          <dt>
            <code className={styles.propertyName}>{parameter.name}</code>{" "}
            {parameter.schema ? <TypeLabel schema={parameter.schema} /> : null}{" "}
            <span className={styles.optional}>{text.in[parameter.in]}</span>{" "}
            <span className={parameter.required ? styles.required : styles.optional}>
              {parameter.required ? text.required : text.optional}
            </span>
          </dt>
          <dd lang="en">
            <MarkdownText text={parameter.description ?? parameter.schema?.description} />
            {parameter.schema && !parameter.schema.$ref ? (
              <SchemaView schema={parameter.schema} document={document} text={text} depth={1} />
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
  idPrefix,
}: {
  status: string;
  response: OpenApiResponse;
  document: OpenApiDocument;
  text: ReferenceText;
  idPrefix: string;
}) {
  const headers = Object.entries(response.headers ?? {});
  return (
    <section aria-labelledby={idPrefix} className={styles.response}>
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
                  {header.schema ? <TypeLabel schema={header.schema} /> : null}
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
        <Content content={response.content} document={document} text={text} idPrefix={idPrefix} />
      ) : null}
    </section>
  );
}

/** Each media type: its schema in full, then its examples, each folded under its name. */
function Content({
  content,
  document,
  text,
  idPrefix,
}: {
  content: Record<string, OpenApiMediaType>;
  document: OpenApiDocument;
  text: ReferenceText;
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
              <SchemaView schema={media.schema} document={document} text={text} />
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
