import { FileText, Paperclip, X } from "lucide-react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Field } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LoadingOverlay } from "~/components/ui/loading-overlay";
import { Progress } from "~/components/ui/progress";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toast";
import { onboardingCards, onboardingCopy, onboardingMessages, onboardingUploadLimits, type DocumentFolder, type NumberField, type TextField } from "./portal-content";
import { Input } from "~/components/ui/input";
import type { PortalDocument, PreviousAnswers, SubmitResult } from "./onboarding.server";
import { Honeypot } from "~/components/ui/honeypot";
import { HONEYPOT_FIELD } from "~/lib/forms/parse";
import { stripAngleBrackets } from "./registration-fields";
import { checkChosenFile, uploadWithProgress } from "./upload";

/** Where the browser sends the form (JSON answers); without JavaScript the page's own action takes it. */
export const ONBOARDING_UPLOAD_URL = "/fixer-onboarding/submit";
/** The field naming a kept document (KEEP_FIELD in onboarding.server.ts, which this bundle must not import). */
const KEEP_FIELD = "keep";
/** The per-file upload time the form allows (30 s), plus a margin for the rest of the request. */
const PER_FILE_UPLOAD_MS = 30_000;

const folders: readonly DocumentFolder[] = ["certifications", "portfolio", "insurance", "identity", "dbs"];
const textFields: readonly TextField[] = ["qualifications", "expertise", "insurance"];
const numberFields: readonly NumberField[] = ["rightToWorkShareCode", "gasSafeNumber", "electricalNumber", "dbsNumber"];
const emptyFiles = (): Record<DocumentFolder, File[]> => ({ certifications: [], portfolio: [], insurance: [], identity: [], dbs: [] });

type Phase = "idle" | "uploading" | "submitting";

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The text area of a card (a file input may share its name: "insurance"). */
function textArea(form: HTMLFormElement | null, name: TextField): HTMLTextAreaElement | null {
  return form?.querySelector<HTMLTextAreaElement>(`textarea[name="${name}"]`) ?? null;
}

function draftKey(userId: string) {
  return `fixerOnboardingDraft:${userId}`;
}

/** Forgets the saved draft (after a successful submission). */
export function clearOnboardingDraft(userId: string) {
  try {
    window.localStorage.removeItem(draftKey(userId));
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

/**
 * The unlocked portal's form: three cards (qualifications & certifications, expertise & skills,
 * insurance), each a required text and a file list. The texts are kept as a draft on this device
 * (the person asked for this form; cleared on success). Files go up in one request with a progress
 * bar each; the server keeps all of them or none. After staff asked for changes, `previous` fills in
 * the last answers and lists the documents already sent (kept unless removed).
 */
export function OnboardingForm({ userId, serverError, previous }: { userId: string; serverError?: string; previous?: PreviousAnswers }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [files, setFiles] = useState(emptyFiles);
  const [kept, setKept] = useState<PortalDocument[]>(previous?.documents ?? []);
  const keptIn = (folder: DocumentFolder) => kept.filter((doc) => doc.folder === folder);
  const [fileErrors, setFileErrors] = useState<Partial<Record<DocumentFolder, string>>>({});
  const [textErrors, setTextErrors] = useState<Partial<Record<TextField, string>>>({});
  const [numberErrors, setNumberErrors] = useState<Partial<Record<NumberField, string>>>({});
  const [formError, setFormError] = useState<string | null>(serverError ?? null);
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState<number[]>([]);
  const ordered = folders.flatMap((folder) => files[folder].map((file) => ({ folder, file })));

  // Bring back the draft texts once the page is interactive (the server never sees the draft).
  useEffect(() => {
    let draft: Partial<Record<TextField, string>> = {};
    try {
      draft = JSON.parse(window.localStorage.getItem(draftKey(userId)) ?? "{}") as typeof draft;
    } catch {
      return;
    }
    for (const name of textFields) {
      const field = textArea(formRef.current, name);
      // Typed on this device since the last submission: newer than the prefilled answers.
      if (field && typeof draft[name] === "string" && draft[name].trim()) field.value = stripAngleBrackets(draft[name]);
    }
  }, [userId]);

  function saveDraft() {
    const form = formRef.current;
    if (!form) return;
    const draft = Object.fromEntries(textFields.map((name) => [name, textArea(form, name)?.value ?? ""]));
    try {
      window.localStorage.setItem(draftKey(userId), JSON.stringify(draft));
    } catch {
      /* storage full or blocked: the form still works */
    }
  }

  function onTextInput(event: FormEvent<HTMLTextAreaElement>) {
    const field = event.currentTarget;
    const cleaned = stripAngleBrackets(field.value);
    if (cleaned !== field.value) {
      const caret = Math.max(0, (field.selectionStart ?? cleaned.length) - (field.value.length - cleaned.length));
      field.value = cleaned;
      field.setSelectionRange(caret, caret);
    }
    const name = field.name as TextField;
    if (textErrors[name] && cleaned.trim()) setTextErrors((e) => ({ ...e, [name]: undefined }));
    saveDraft();
  }

  async function onPick(folder: DocumentFolder, label: string, event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const chosen = Array.from(input.files ?? []);
    input.value = ""; // the list below holds the files; the picker can add more
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of chosen) {
      const reason = await checkChosenFile(file);
      if (reason) problems.push(onboardingMessages.uploadFailed(file.name, reason));
      else accepted.push(file);
    }
    const room = onboardingUploadLimits.maxFilesPerCard - files[folder].length - keptIn(folder).length;
    if (accepted.length > room) problems.push(onboardingMessages.tooMany(label));
    const kept = accepted.slice(0, Math.max(0, room));
    setFiles((current) => ({ ...current, [folder]: [...current[folder], ...kept] }));
    setFileErrors((e) => ({ ...e, [folder]: problems[0] }));
    if (problems[0]) toast.error("File not added", problems[0]);
  }

  function removeKept(doc: PortalDocument) {
    setKept((current) => current.filter((d) => d.id !== doc.id));
    setFileErrors((e) => ({ ...e, [doc.folder]: undefined }));
  }

  function removeFile(folder: DocumentFolder, index: number) {
    setFiles((current) => ({ ...current, [folder]: current[folder].filter((_, i) => i !== index) }));
    setFileErrors((e) => ({ ...e, [folder]: undefined }));
  }

  function validate(form: HTMLFormElement): boolean {
    const errors: Partial<Record<TextField, string>> = {};
    for (const name of textFields) {
      const value = textArea(form, name)?.value.trim() ?? "";
      if (!value) errors[name] = onboardingMessages.required;
    }
    setTextErrors(errors);
    const firstMissing = textFields.find((name) => errors[name]);
    if (firstMissing) {
      toast.error(onboardingMessages.required);
      textArea(form, firstMissing)?.focus();
      return false;
    }
    if (files.insurance.length + keptIn("insurance").length === 0) {
      setFileErrors((e) => ({ ...e, insurance: onboardingMessages.insuranceRequired }));
      toast.error(onboardingMessages.insuranceRequired);
      form.querySelector<HTMLInputElement>('input[type="file"][name="insurance"]')?.focus();
      return false;
    }
    return true;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    if (!validate(form)) return;

    const body = new FormData();
    for (const name of textFields) body.append(name, textArea(form, name)?.value ?? "");
    for (const name of numberFields) body.append(name, form.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? "");
    body.append(HONEYPOT_FIELD, (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? "");
    for (const doc of kept) body.append(KEEP_FIELD, String(doc.id));
    for (const { folder, file } of ordered) body.append(folder, file, file.name);

    setProgress(ordered.map(() => 0));
    setPhase("uploading");
    try {
      const answer = await uploadWithProgress(ONBOARDING_UPLOAD_URL, body, ordered.map((o) => o.file), {
        onProgress: setProgress,
        onUploaded: () => setPhase("submitting"),
      }, PER_FILE_UPLOAD_MS * (ordered.length + 1));
      const result = answer.body as SubmitResult | null;
      if (answer.status === 200 && result?.ok) {
        clearOnboardingDraft(userId);
        toast.success(result.title, result.description);
        await navigate("/fixer-onboarding?submitted=1", { replace: true });
        return;
      }
      const message =
        answer.status === 401
          ? "Your session has ended. Please sign in again, then submit."
          : result && !result.ok && result.message
            ? result.message
            : onboardingMessages.failed.description;
      fail(message, result && !result.ok ? result.field : undefined);
    } catch (error) {
      const reason = error instanceof Error && error.message === "timeout" ? "the upload timed out. Please try again." : "the connection was lost. Please check your connection and try again.";
      fail(onboardingMessages.uploadFailed(ordered.length === 1 ? ordered[0]!.file.name : "your documents", reason));
    }
  }

  function fail(message: string, field?: string) {
    setPhase("idle");
    setFormError(message);
    toast.error(message.startsWith("Failed to upload") ? "Upload failed" : onboardingMessages.failed.title, message);
    if (field && (folders as readonly string[]).includes(field)) setFileErrors((e) => ({ ...e, [field]: message }));
    else if (field && (textFields as readonly string[]).includes(field)) setTextErrors((e) => ({ ...e, [field]: message }));
    else if (field && (numberFields as readonly string[]).includes(field)) setNumberErrors((e) => ({ ...e, [field]: message }));
  }

  return (
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      aria-label="Fixer profile"
      className="relative flex flex-col gap-6"
    >
      <Honeypot />
      {formError ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
      {onboardingCards.map((card) => {
        const text = card.text;
        const filesId = `onboarding-${card.files.name}-files`;
        const chosen = files[card.files.name];
        return (
          <Card key={card.id} aria-labelledby={`${card.id}-title`}>
            <CardHeader>
              <CardTitle as="h2" id={`${card.id}-title`}>
                {card.title}
              </CardTitle>
              <CardDescription>{card.description}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              {text ? (
                <Field id={`onboarding-${text.name}`} label={text.label} required error={textErrors[text.name]}>
                  {(control) => (
                    <Textarea
                      {...control}
                      name={text.name}
                      required
                      rows={5}
                      maxLength={onboardingUploadLimits.maxTextLength}
                      placeholder={text.placeholder}
                      defaultValue={previous?.[text.name]}
                      onInput={onTextInput}
                    />
                  )}
                </Field>
              ) : null}
              {card.numbers?.map((number) => (
                <Field key={number.name} id={`onboarding-${number.name}`} label={number.label} hint={number.hint} error={numberErrors[number.name]}>
                  {(control) => (
                    <Input
                      {...control}
                      name={number.name}
                      maxLength={20}
                      autoComplete="off"
                      defaultValue={previous?.numbers[number.name] ?? ""}
                      onInput={() => numberErrors[number.name] && setNumberErrors((e) => ({ ...e, [number.name]: undefined }))}
                    />
                  )}
                </Field>
              ))}
              <Field id={filesId} label={card.files.label} required={card.files.required} marks={!card.files.unmarked} hint={`${card.files.hint} ${onboardingCopy.limits}`} error={fileErrors[card.files.name]}>
                {(control) => (
                  <div className="flex flex-col gap-3">
                    {/* The native picker says "No file chosen" beside files already listed: it is hidden behind an "Add files" button. */}
                    <input
                      {...control}
                      type="file"
                      // Without JavaScript the browser posts these inputs; with it, the list below is sent.
                      name={card.files.name}
                      multiple
                      accept={onboardingUploadLimits.accept}
                      disabled={phase !== "idle"}
                      onChange={(e) => void onPick(card.files.name, card.title, e)}
                      className="peer sr-only"
                    />
                    <label
                      htmlFor={filesId}
                      className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium hover:bg-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
                    >
                      <Paperclip aria-hidden="true" className="size-4" />
                      {onboardingCopy.addFiles}
                    </label>
                    <AttachedFiles
                      label={card.files.label}
                      kept={keptIn(card.files.name)}
                      chosen={chosen}
                      disabled={phase !== "idle"}
                      onRemoveKept={removeKept}
                      onRemoveChosen={(index) => removeFile(card.files.name, index)}
                    />
                  </div>
                )}
              </Field>
            </CardContent>
          </Card>
        );
      })}
      <p className="rounded-md bg-muted p-4 text-sm">{onboardingCopy.rightToWork}</p>
      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" className="self-start" loading={phase !== "idle"}>
          {onboardingCopy.submit}
        </Button>
        <p className="text-sm text-muted-foreground">{onboardingCopy.draftSaved}</p>
      </div>
      {phase !== "idle" ? (
        <LoadingOverlay text={phase === "uploading" ? onboardingCopy.uploading : onboardingCopy.submitting}>
          <ul aria-label="Upload progress" className="flex w-full max-w-md flex-col gap-3 text-left">
            {ordered.map(({ file }, index) => (
              <li key={`${file.name}-${index}`} className="flex flex-col gap-1">
                <span className="flex justify-between gap-3 text-sm">
                  <span className="truncate">{file.name}</span>
                  <span className="shrink-0 text-muted-foreground">{Math.round((progress[index] ?? 0) * 100)}%</span>
                </span>
                <Progress value={Math.round((progress[index] ?? 0) * 100)} aria-label={`Uploading ${file.name}`} />
              </li>
            ))}
          </ul>
        </LoadingOverlay>
      ) : null}
    </form>
  );
}

/** The files a section will send: documents kept from the last submission, then newly chosen ones. */
function AttachedFiles({
  label,
  kept,
  chosen,
  disabled,
  onRemoveKept,
  onRemoveChosen,
}: {
  label: string;
  kept: PortalDocument[];
  chosen: File[];
  disabled: boolean;
  onRemoveKept: (doc: PortalDocument) => void;
  onRemoveChosen: (index: number) => void;
}) {
  if (kept.length + chosen.length === 0) return <p className="text-sm text-muted-foreground">{onboardingCopy.noFilesYet}</p>;
  const row = (key: string, name: string, size: number, onRemove: () => void, extra?: React.ReactNode) => (
    <li key={key} className="flex items-center gap-3 rounded-md border border-border bg-muted/50 px-3 py-2 text-sm">
      <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
      <span className="min-w-0 flex-1 truncate">{name}</span>
      <span className="shrink-0 text-muted-foreground">{formatSize(size)}</span>
      {extra}
      <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${name}`} disabled={disabled}>
        <X aria-hidden="true" />
      </Button>
    </li>
  );
  return (
    <ul aria-label={`${label} attached`} className="flex flex-col gap-2">
      {/* Without JavaScript every kept document is sent back as kept. */}
      {kept.map((doc) => row(`kept-${doc.id}`, doc.name, doc.size, () => onRemoveKept(doc), <input type="hidden" name={KEEP_FIELD} value={doc.id} />))}
      {chosen.map((file, index) => row(`new-${file.name}-${file.size}-${index}`, file.name, file.size, () => onRemoveChosen(index)))}
    </ul>
  );
}
