/**
 * The API reference for people who script their garage: how to call the API (signing in, the
 * Origin rule of D7, the error shape of D11, the limits), then every operation of the document
 * the server generates (`/api/openapi.json`), grouped by tag, with its parameters, request body
 * fields and answers. Everything shown comes from the document, so it cannot drift from the code.
 */
import { UPLOAD_LIMITS } from '@contract/uploads';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/class-names';
import { ChevronRight, CircleAlert, Lock } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  API_DESCRIPTION_PATH,
  type ApiDescription,
  type MediaTypes,
  type Operation,
  type Parameter,
  useApiDescription,
} from '../api/get-api-description';
import { constraintsOf, type Field, fieldsOf, typeOf } from './schema-text';

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
const MB = 1024 * 1024;

/** The method badges: the design system's soft tints, with text dark enough to read at 12 px. */
const METHOD_STYLES: Record<string, string> = {
  get: 'bg-primary-soft text-accent-foreground',
  post: 'bg-success-soft text-success',
  put: 'bg-warn-soft text-foreground',
  patch: 'bg-warn-soft text-foreground',
  delete: 'bg-danger-soft text-destructive',
};

type Entry = { method: string; path: string; operation: Operation };

/** The garage first, the installation's own calls last; a tag not listed comes after these. */
const TAG_ORDER = [
  'Accounts',
  'Vehicles',
  'Vehicle images',
  'Records',
  'Record images',
  'Uploads',
  'Expenses',
  'Subscription',
  'Site',
  'Health',
  'API description',
];

const tagRank = (tag: string) => {
  const index = TAG_ORDER.indexOf(tag);
  return index === -1 ? TAG_ORDER.length : index;
};

/** Operations grouped by their first tag, each group in the order the document lists them. */
export function groupByTag(description: ApiDescription): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const [path, operations] of Object.entries(description.paths)) {
    for (const method of METHOD_ORDER) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      const entries = groups.get(tag) ?? [];
      entries.push({ method, path, operation });
      groups.set(tag, entries);
    }
  }
  return [...groups].sort(([a], [b]) => tagRank(a) - tagRank(b));
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.85em] break-words text-foreground">
      {children}
    </code>
  );
}

function Introduction() {
  const items: { title: string; content: ReactNode }[] = [
    {
      title: 'Sign in',
      content: (
        <>
          Send <Code>POST /api/login</Code> with <Code>{'{ "email": …, "password": … }'}</Code>. The
          answer sets a session cookie; send it back with every call marked{' '}
          <strong>Signed in</strong> (for example <Code>curl -c jar -b jar</Code>).
        </>
      ),
    },
    {
      title: 'Same origin for changes',
      content: (
        <>
          Calls that change something (<Code>POST</Code>, <Code>PUT</Code>, <Code>PATCH</Code>,{' '}
          <Code>DELETE</Code>) are refused with <Code>403</Code> when their <Code>Origin</Code>{' '}
          header names another site. Send this site's address, or no <Code>Origin</Code> at all.
        </>
      ),
    },
    {
      title: 'Errors',
      content: (
        <>
          Every error answers JSON <Code>{'{ "message": "…" }'}</Code>, with <Code>errors</Code>{' '}
          naming each wrong field of a <Code>400</Code>, and a <Code>code</Code> such as{' '}
          <Code>PLAN_LIMIT</Code> when a program needs one.
        </>
      ),
    },
    {
      title: 'Limits',
      content: (
        <>
          Photos up to {UPLOAD_LIMITS.vehicleImageBytes / MB} MB (record photos{' '}
          {UPLOAD_LIMITS.recordImageBytes / MB} MB), attachments up to{' '}
          {UPLOAD_LIMITS.recordFileBytes / MB} MB, {UPLOAD_LIMITS.filesPerRequest} files per upload,
          five images per vehicle or record (<Code>409</Code>). Each user's files fit a storage
          quota of their plan (<Code>413</Code> past it; the subscription status tells the use). Too
          many sign-in attempts or uploads answer <Code>429</Code> with <Code>Retry-After</Code>.
          The free plan limits vehicles and records (<Code>402</Code>).
        </>
      ),
    },
  ];
  return (
    <section aria-labelledby="getting-started" className="flex flex-col gap-4">
      <h2 id="getting-started" className="text-2xl font-semibold tracking-tight">
        Getting started
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {items.map((item) => (
          <Card key={item.title} className="gap-2 py-5">
            <CardHeader className="px-5">
              <CardTitle className="text-base">{item.title}</CardTitle>
            </CardHeader>
            <CardContent className="px-5 text-sm leading-6 text-muted-foreground">
              {item.content}
            </CardContent>
          </Card>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">
        The whole description, as OpenAPI 3.1 for your tools:{' '}
        <a
          href={API_DESCRIPTION_PATH}
          className="font-medium text-primary underline decoration-primary/30 underline-offset-4 hover:decoration-primary"
        >
          {API_DESCRIPTION_PATH}
        </a>
      </p>
    </section>
  );
}

/** A table of fields: those a call sends (required or optional) or those an answer carries. */
function FieldTable({
  caption,
  fields,
  isAnswer = false,
}: {
  caption: string;
  fields: Field[];
  isAnswer?: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Rules
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {fields.map((field) => (
            <tr key={field.name} className="align-top">
              <td className="px-3 py-2 font-mono text-xs break-all">
                {field.name}
                {field.isRequired && !isAnswer && (
                  <span className="ml-1 font-sans text-destructive">
                    <span aria-hidden="true">*</span>
                    <span className="sr-only">(required)</span>
                  </span>
                )}
              </td>
              <td className="px-3 py-2 text-xs text-muted-foreground">{field.type}</td>
              <td className="px-3 py-2 text-xs text-muted-foreground">
                {(isAnswer
                  ? [field.isRequired ? 'always present' : 'may be left out']
                  : [field.isRequired ? 'required' : 'optional', ...field.constraints]
                ).join(', ')}
                {field.description && <span className="block">{field.description}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function parameterFields(parameters: Parameter[]): Field[] {
  return parameters.map((parameter) => ({
    name: `${parameter.name} (${parameter.in})`,
    type: typeOf(parameter.schema),
    isRequired: Boolean(parameter.required),
    constraints: constraintsOf(parameter.schema),
    description: parameter.description,
  }));
}

function bodyOf(content: MediaTypes | undefined) {
  if (!content) return null;
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  return mediaType ? { mediaType, schema: media?.schema } : null;
}

function Responses({ responses }: { responses: Operation['responses'] }) {
  const statuses = Object.keys(responses).sort();
  const successes = statuses.filter((status) => /^[23]/.test(status));
  const errors = statuses.filter((status) => !/^[23]/.test(status));
  return (
    <div className="flex flex-col gap-3">
      {successes.map((status) => {
        const response = responses[status]!;
        const body = bodyOf(response.content);
        const fields = fieldsOf(body?.schema);
        return (
          <div key={status} className="flex flex-col gap-2">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <Badge variant="success" className="font-mono">
                {status}
              </Badge>
              <span>{response.description}</span>
              {body && (
                <span className="text-xs text-muted-foreground">
                  {body.mediaType === 'application/json' ? typeOf(body.schema) : body.mediaType}
                </span>
              )}
            </p>
            {fields.length > 0 && (
              <FieldTable caption={`Fields of the ${status} answer`} fields={fields} isAnswer />
            )}
          </div>
        );
      })}
      {errors.length > 0 && (
        <ul className="flex flex-col gap-1.5 text-sm">
          {errors.map((status) => (
            <li key={status} className="flex items-baseline gap-2">
              <span className="w-10 shrink-0 font-mono text-xs font-semibold text-destructive">
                {status}
              </span>
              <span className="text-muted-foreground">{responses[status]!.description}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The parameters, body fields and answers of one operation. */
function OperationDetails({ method, path, operation }: Entry) {
  const parameters = operation.parameters ?? [];
  const body = bodyOf(operation.requestBody?.content);
  const bodyFields = fieldsOf(body?.schema);
  return (
    <div className="flex flex-col gap-5 px-4 pt-1 pb-4 sm:px-5">
      {parameters.length > 0 && (
        <section className="flex flex-col gap-2">
          <h5 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Parameters
          </h5>
          <FieldTable
            caption={`Parameters of ${method.toUpperCase()} ${path}`}
            fields={parameterFields(parameters)}
          />
        </section>
      )}
      {body && (
        <section className="flex flex-col gap-2">
          <h5 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Request body <span className="font-mono normal-case">({body.mediaType})</span>
          </h5>
          {bodyFields.length > 0 ? (
            <FieldTable
              caption={`Body fields of ${method.toUpperCase()} ${path}`}
              fields={bodyFields}
            />
          ) : (
            <p className="text-sm text-muted-foreground">{typeOf(body.schema)}</p>
          )}
        </section>
      )}
      <section className="flex flex-col gap-2">
        <h5 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Answers
        </h5>
        <Responses responses={operation.responses} />
      </section>
    </div>
  );
}

function OperationCard(entry: Entry) {
  const { method, path, operation } = entry;
  // The details of some seventy operations would make a very long page: each opens on demand
  // and is drawn only then.
  const [isOpen, setIsOpen] = useState(false);
  const isSignedInOnly = (operation.security?.length ?? 0) > 0;
  const body = bodyOf(operation.requestBody?.content);
  const statuses = Object.keys(operation.responses).sort();
  const titleId = `${method}-${slug(path)}`;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card shadow-card">
      <header className="flex flex-col gap-2 px-4 pt-4 pb-3 sm:px-5">
        <h4 id={titleId} className="flex flex-wrap items-center gap-2">
          <span
            className={cn(
              'inline-flex w-16 shrink-0 justify-center rounded-md px-2 py-0.5 font-mono text-xs font-semibold',
              METHOD_STYLES[method],
            )}
          >
            {method.toUpperCase()}
          </span>{' '}
          <span className="font-mono text-sm font-semibold break-all">{path}</span>
        </h4>
        <p className="text-sm text-muted-foreground">{operation.summary}</p>
        <p className="flex flex-wrap gap-2">
          {isSignedInOnly ? (
            <Badge variant="outline">
              <Lock aria-hidden="true" />
              Signed in
            </Badge>
          ) : (
            <Badge variant="pill">Public</Badge>
          )}
          {body && body.mediaType !== 'application/json' && (
            <Badge variant="outline" className="font-mono">
              {body.mediaType}
            </Badge>
          )}
          <span className="text-xs text-muted-foreground">
            Answers <span className="font-mono">{statuses.join(' · ')}</span>
          </span>
        </p>
      </header>
      <details className="group border-t" onToggle={(event) => setIsOpen(event.currentTarget.open)}>
        <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-b-xl px-4 py-2.5 text-sm font-medium text-primary outline-none select-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring sm:px-5 [&::-webkit-details-marker]:hidden">
          <ChevronRight
            className="size-4 transition-transform group-open:rotate-90 motion-reduce:transition-none"
            aria-hidden="true"
          />
          Fields and answers
        </summary>
        {isOpen && <OperationDetails {...entry} />}
      </details>
    </article>
  );
}

function LoadingState() {
  return (
    <div role="status" aria-label="Loading the API reference" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-48" />
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-40 w-full rounded-xl" />
      ))}
    </div>
  );
}

function ErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <Card role="alert" className="border-destructive/30">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleAlert className="size-5 text-destructive" aria-hidden="true" />
          The API reference could not be loaded
        </CardTitle>
        <CardDescription>Check your connection, then try again.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}

export function ApiReference() {
  const description = useApiDescription();
  const groups = description.data ? groupByTag(description.data) : [];
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:px-8">
      <nav aria-label="API sections" className="hidden lg:block">
        <div className="sticky top-24 flex flex-col gap-3">
          <p className="text-sm font-semibold">On this page</p>
          <ol className="flex flex-col gap-1 border-l">
            {[
              ['Getting started', 'getting-started'] as const,
              ...groups.map(([tag]) => [tag, `tag-${slug(tag)}`] as const),
            ].map(([label, id]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="-ml-px block border-l border-transparent py-1 pl-4 text-sm text-muted-foreground transition-colors outline-none hover:border-input hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {label}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </nav>
      <div className="flex min-w-0 flex-col gap-12">
        <Introduction />
        <section aria-labelledby="operations" className="flex flex-col gap-10">
          <h2 id="operations" className="text-2xl font-semibold tracking-tight">
            Operations
          </h2>
          {description.isPending && <LoadingState />}
          {description.isError && <ErrorState onRetry={() => description.refetch()} />}
          {groups.map(([tag, entries]) => (
            <section
              key={tag}
              id={`tag-${slug(tag)}`}
              aria-labelledby={`tag-${slug(tag)}-title`}
              className="flex scroll-mt-24 flex-col gap-4"
            >
              <h3 id={`tag-${slug(tag)}-title`} className="text-xl font-semibold tracking-tight">
                {tag}
              </h3>
              {entries.map((entry) => (
                <OperationCard key={`${entry.method} ${entry.path}`} {...entry} />
              ))}
            </section>
          ))}
        </section>
      </div>
    </div>
  );
}
