import type { esHelp, esNotFound } from "./es-help";

/** English strings of the portal's help and its 404 page: the same keys as esHelp and esNotFound. */
export const enHelp: typeof esHelp = {
  nav: "Help",
  title: "Help",
  intro:
    "Short pages for everyday work: voiding e-NCF numbers, understanding what DGII answered, approving voids and handing the auditor what they ask for.",
  topicsLabel: "Help topics",
  backToIndex: "All help topics",
  screenshot: "Screenshot: {caption}",
  topics: {
    anular: {
      title: "Voiding e-NCF numbers",
      summary: "What a void is, when it is not the answer, and how to send one step by step.",
      sections: [
        {
          heading: "What a void is",
          paragraphs: [
            "Voiding tells DGII that some e-NCF numbers authorized to the company will never be used. Numbers are voided in ranges (from–to), with one of DGII's reasons.",
            "In eCF (production) a void is real and cannot be undone: a voided number can no longer be issued. TesteCF and CerteCF are test environments.",
          ],
        },
        {
          heading: "When NOT to void",
          paragraphs: [
            "A number already used — an issued e-CF, even one with a mistake or a returned sale — is not voided: it is cancelled with a credit note (e-CF 34).",
            "If a range holds used numbers, the tool does not let you confirm and names them. When unsure about a number, ask “What do I do with this number?”: it tells you whether to void it, issue a credit note, issue the sale again or wait, and what it checked.",
            "For an e-CF issued in Anula and accepted by DGII, that same answer offers to prepare the credit note (operators).",
          ],
          links: [
            { to: "remedy", label: "What do I do with this number?" },
            { to: "documents", label: "Document lookup" },
          ],
        },
        {
          heading: "Finding the numbers to void",
          paragraphs: [
            "Sequences shows, per type and DGII authorization, how many numbers were issued, voided, have an unknown outcome or are still available.",
            "“Gaps to void” proposes skipped numbers and what was left unused of expired authorizations, with what was checked for each. It proposes gaps only after an administrator marks that everything issued has been imported: a number your system issued but has not imported yet looks like a gap.",
            "“Void these ranges” opens the tool with the selection as a draft. Nothing is sent without your review and confirmation.",
          ],
          links: [{ to: "sequences", label: "Sequences" }],
        },
        {
          heading: "Step by step",
          paragraphs: [
            "What you type and do not send is kept in this browser as a draft, per company and environment, until you send it or empty the editor.",
          ],
          steps: [
            "Open Tools → Void e-NCF and check the company and the environment in the top bar.",
            "Paste or type the ranges: from Excel, from a CSV, or as E310000000001-E310000000010.",
            "Choose the reason (DGII's code) and write an explanation.",
            "Press “Review and void…”: Anula checks the ranges. What is already voided can be removed with “Remove what is already voided”; used numbers block the confirmation.",
            "Confirm. In eCF you are asked to type the total of sequences.",
            "Read the result. If DGII accepted, print the receipt with “Print receipt”.",
          ],
          figure: {
            name: "void-tool",
            caption: "The Void e-NCF tool with a range and its reason, ready to review.",
          },
          links: [
            { to: "voidTool", label: "Void e-NCF" },
            { to: "history", label: "Void history" },
          ],
        },
      ],
    },
    estados: {
      title: "What each status means",
      summary: "Accepted, Rejected and Error, and what to do when DGII did not confirm a void.",
      sections: [
        {
          heading: "The three statuses",
          paragraphs: [
            "Every void has one of three statuses. The history, the result and the receipt use the same words.",
          ],
          block: "voidStatuses",
          figure: {
            name: "void-result",
            caption: "The result of an accepted void, with its ranges per type and the receipt.",
          },
          links: [{ to: "history", label: "Void history" }],
        },
        {
          heading: "What comes with the status",
          paragraphs: [
            "“Accepted · partial”: DGII voided only part. The excepted sequences were NOT voided; find out why before voiding them in a new request (“Prepare a void of the excepted sequences”).",
            "“settled by hand”: a person recorded the outcome. “by resend”: DGII accepted the same document sent again. “review”: a late answer from DGII does not match what was recorded; someone must look at it.",
            "A “Rejected” because of the certificate (signature or delegation) is not fixed by changing the ranges: check the active certificate and send again.",
          ],
          links: [{ to: "certificate", label: "Settings → Certificate" }],
        },
        {
          heading: "After an Error (“To confirm”)",
          paragraphs: [
            "Error means DGII did not confirm: it may have voided the numbers or not, and DGII has no service listing a company's voids. Never send the same numbers again blindly.",
            "The Error's reason says what happened:",
          ],
          block: "errorReasons",
        },
        {
          heading: "Resolving an Error",
          paragraphs: ["Voids in Error wait in “To confirm”. Approvers resolve them from each void's page:"],
          steps: [
            "Wait a few minutes and look again: while Anula is still waiting for the answer, the status changes by itself.",
            "“Check with DGII”: the steps to find it in DGII's Oficina Virtual (Consulta de Anulaciones), with the dates and the ranges. “Ask DGII” asks about the first and last number of each range and keeps the answer as evidence.",
            "“Record the outcome”: write down what you saw at DGII (Accepted or Rejected), with a note and, if you wish, a PDF or an image as evidence.",
            "“Resend the same document”: if DGII has no record of it, the same signed document is sent, not a new request.",
          ],
          links: [
            { to: "pending", label: "To confirm" },
            { to: "history", label: "Void history" },
          ],
        },
      ],
    },
    aprobaciones: {
      title: "Approvals: two people per void",
      summary: "When an administrator requires another person to approve voids before they are sent.",
      sections: [
        {
          heading: "What they are",
          paragraphs: [
            "An administrator can require a second person to approve each void, per company and environment, in Settings → Approvals. It is off to begin with and recommended for eCF; it can apply only to voids of more than a given number of sequences.",
            "At least two people with the approver role are needed: nobody approves their own request.",
          ],
          links: [{ to: "approvalsSettings", label: "Settings → Approvals" }],
        },
        {
          heading: "Asking for a void",
          paragraphs: [
            "With approval on, the tool says so above its buttons. “Review and void…” runs the same checks and ends by asking for approval: nothing is signed or sent.",
            "The request's page shows the ranges, the reason, the checks, who asked, its status and when it expires.",
          ],
        },
        {
          heading: "Approving or rejecting",
          paragraphs: ["The approver must be another person with the approver role."],
          steps: [
            "Open “Void requests”: the number beside the link counts the ones you may decide (never your own).",
            "“Approve and send…” says what will be signed and sent, to which environment and who asked; in eCF you type the total. On approval Anula checks everything again and only then signs and sends.",
            "“Reject…” asks for a reason, which the person who asked reads.",
          ],
          links: [{ to: "requests", label: "Void requests" }],
        },
        {
          heading: "If something fails on approval",
          paragraphs: [
            "If a check fails on approval (the range was voided meanwhile, DGII is in maintenance), nothing is sent and the request stays pending with the reason. A request left undecided expires after 7 days.",
          ],
        },
      ],
    },
    auditoria: {
      title: "The audit pack",
      summary: "One ZIP file with everything an auditor or the accountant asks for, for a period.",
      sections: [
        {
          heading: "Downloading it",
          paragraphs: [
            "Administrators download it from Audit: choose the period (up to 366 days) and the environment. A void belongs to the period by the date it was created. Every download is written in the activity log.",
          ],
          figure: { name: "audit", caption: "Audit: the pack's period and environment." },
          links: [{ to: "audit", label: "Audit" }],
        },
        {
          heading: "What it holds",
          paragraphs: [
            "A README.txt explaining each file; the voids (one row per void, in any status) and their ranges as CSV; each signed document exactly as DGII received it and all its answers; the voids a person resolved, with their evidence; the company's activity in the period; and the 608 files per month, holding only what DGII voided.",
            "What DGII voided without a reason is listed apart (sin-motivo.csv), with the code empty for the accountant to fill in: Anula never makes up a reason.",
          ],
        },
        {
          heading: "The activity log",
          paragraphs: [
            "Every important action is written down and cannot be changed or deleted: who, what, when and from where. Administrators read and export it in Settings → Activity.",
          ],
          links: [{ to: "activity", label: "Settings → Activity" }],
        },
      ],
    },
    integracion: {
      title: "The API for your integrator",
      summary: "What the person connecting your billing system or ERP to Anula needs.",
      sections: [
        {
          heading: "What it is for",
          paragraphs: [
            "The company's billing system or ERP can void, look up and issue without the portal, through an API compatible with MSeller ECF. What it sends appears in the same history and, if DGII does not confirm, in the same “To confirm” list.",
          ],
        },
        {
          heading: "What to give your integrator",
          paragraphs: [
            "The API reference, at /docs. An API key or a service account: an administrator creates them and they are shown only once. And the environment: TesteCF to test, eCF for real.",
            "“How to integrate” shows examples with this server's address and the chosen environment.",
          ],
          links: [
            { to: "docs", label: "API reference" },
            { to: "integration", label: "Settings → How to integrate" },
            { to: "apiKeys", label: "Settings → API keys" },
            { to: "serviceAccounts", label: "Settings → Service accounts" },
          ],
        },
      ],
    },
  },
};

export const enNotFound: typeof esNotFound = {
  title: "Page not found",
  body: "There is no page at this address. The link may be incomplete, or the page may no longer exist.",
  home: "Go to Home",
  help: "See the help",
};
