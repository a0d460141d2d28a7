import type { esApprovals } from "./es-approvals";

/** English: same keys as es-approvals.ts. */
export const enApprovals: typeof esApprovals = {
  nav: "Void requests",
  navBadge: {
    one: "{count} request awaits your approval",
    other: "{count} requests await your approval",
  },
  statuses: {
    Pendiente: "Pending",
    Aprobada: "Approved",
    Rechazada: "Rejected",
    Vencida: "Expired",
    Enviada: "Sent",
  },
  policy: {
    tab: "Approvals",
    title: "Void approval",
    intro:
      "With the policy on, “Review and void” does not send the void: it creates a request, and another person with the approver role reviews it and approves it (it is then signed and sent) or rejects it. Whoever asks never approves their own request.",
    recommendEcf:
      "Recommended in eCF (production): a void there is real and irreversible with DGII, and a second pair of eyes prevents voiding sequences by mistake.",
    approvers: {
      one: "Today {count} person can approve in this company.",
      other: "Today {count} people can approve in this company.",
    },
    needsTwo:
      "Turning it on needs at least two people with the approver role (whoever asks does not approve their own). Today: {approvers}. Assign the role in Users.",
    usersLink: "Go to Users",
    environmentCaption: "Approval policy per environment",
    columns: {
      environment: "Environment",
      state: "State",
      threshold: "Needs approval",
      updated: "Last change",
    },
    on: "On",
    off: "Off",
    everyVoid: "Every void",
    above: {
      one: "More than {count} sequence",
      other: "More than {count} sequences",
    },
    updatedBy: "{date} · {who}",
    never: "Never",
    enabledLabel: "Require approval in {environment}",
    minLabel: "Only above this number of sequences (optional)",
    minHint:
      "Blank: every void needs approval. With a number, only voids of more sequences than that number; the others are sent as today.",
    minInvalid: "Enter a whole number of 1 or more, or leave it blank.",
    save: "Save the {environment} policy",
    saved: "{environment} policy saved.",
    savedOff: "{environment} policy turned off: voids are sent without approval.",
    readOnly: "Only an administrator of the company changes this policy.",
    recommended: "Recommended",
  },
  setupLine:
    "Recommended once signed in: turn on void approval in eCF (production) when the company has two approvers.",
  setupLink: "Settings → Approvals",
  serviceAccount: {
    column: "No approval",
    bypassOn: "Sends without approval",
    bypassOff: "Follows the policy",
    grant: "Allow sending without approval",
    grantNamed: "Allow {name} to send without approval",
    revoke: "Require approval",
    revokeNamed: "Require approval from {name}",
    grantTitle: "Let {name} void without approval?",
    grantWarning:
      "This integration will be able to void sequences, in eCF (production) too, without anyone approving, even while the approval policy is on. Grant it only to a trusted system with controls of its own. The grant is kept in the activity log.",
    grantConfirm: "Yes, allow without approval",
    granted: "{name} now sends voids without approval.",
    revoked: "{name} now follows the approval policy.",
  },
  tool: {
    notice:
      "In {environment} voids need approval: “Review and void” creates a request. Nothing is signed or sent to DGII until another person with the approver role approves it.",
    noticeAbove: {
      one: "In {environment} voids of more than {count} sequence need approval: this one creates a request, nothing is signed or sent until another person approves it.",
      other:
        "In {environment} voids of more than {count} sequences need approval: this one creates a request, nothing is signed or sent until another person approves it.",
    },
    dialogTitle: "Confirm the void request",
    dialogNote:
      "Nothing is signed or sent now. The request waits until another person with the approver role approves it (it is then signed and sent to DGII) or rejects it. It expires after 7 days if nobody decides.",
    fechaAtApproval: "The void date and time will be the moment of approval.",
    submit: {
      one: "Request the void of {count} sequence",
      other: "Request the void of {count} sequences",
    },
    policyChanged:
      "This environment's approval policy changed while you were reviewing: nothing was sent. Review again.",
    requesting: "Creating the request…",
  },
  list: {
    title: "Void requests",
    intro:
      "Voids awaiting another person's approval in {environment}. Pending ones come first; whoever asks sees their requests but does not approve them.",
    introRequester:
      "Your void requests in {environment} and their status. Another person with the approver role approves or rejects them.",
    caption: "Void requests in {environment}, pending first",
    empty: "There are no void requests in this environment.",
    columns: {
      requestedAt: "Requested",
      request: "Request",
      status: "Status",
      total: "Sequences",
      reason: "Reason",
      requestedBy: "Requested by",
      expiresAt: "Expires",
      action: "Action",
    },
    open: "View",
    review: "Review",
    mine: "Yours",
    filterLabel: "Show",
    filters: {
      all: "All",
      mine: "My requests",
    },
    pageInfo: { one: "{count} request on this page", other: "{count} requests on this page" },
    nextPage: "Next page",
    firstPage: "First page",
    pagination: "Pagination",
    pendingCount: {
      one: "{count} request awaits your approval.",
      other: "{count} requests await your approval.",
    },
  },
  detail: {
    title: "Void request",
    notFound: "This company has no request {requestId}.",
    backToList: "Back to the requests",
    created:
      "Request created. Nothing was signed or sent: another person with the approver role must approve it.",
    summary: "Summary",
    requestId: "Request",
    environment: "Environment",
    status: "Status",
    total: "Sequences to void",
    perType: "Per type",
    fecha: "Void date and time",
    fechaAtApproval: "The moment of approval",
    requestedBy: "Requested by",
    requestedAt: "Requested on",
    expiresAt: "Expires on",
    decidedBy: "Decided by",
    decidedAt: "Decided on",
    rejectionReason: "Reason for rejection",
    openVoid: "View the void",
    ranges: "Ranges",
    rangesShown: "Showing {shown} of {total} ranges.",
    checks: "Checks before voiding",
    checksNote:
      "What the checks found when the request was made. On approval they run again (already voided, used numbers, DGII maintenance) before signing.",
    checksNoteFinal: "What the checks found when the request was made.",
    checksNotUsed: "No range was already voided or used.",
    checksAllInside: "All are inside the entered authorizations.",
    checksRestInside: "The ranges of the other types are inside the entered authorizations.",
    checksUnauthorized:
      "No DGII authorization is entered for {types}: those ranges were not compared with any authorization.",
    xml: "XML preview",
    xmlTooLarge:
      "The XML preview is shown for requests of up to {max} ranges; this one has {ranges}. The full ranges are above.",
    lastError: "The last approval was not sent",
    lastErrorBy: "{who}, {date}: {message}",
    xmlNote:
      "The document that will be signed on approval. The date shown is now: approval uses the date of that moment.",
    xmlNoteNotSigned: "The document the request proposed. Nothing was signed and nothing will be sent.",
    xmlNoteSent:
      "The document the request proposed. The one signed and sent is on the void (download its signed XML there).",
    statusMeaning: {
      Pendiente: "Awaiting an approver's decision. Nothing has been signed or sent.",
      Aprobada: "Approved: the void is being signed and sent to DGII.",
      Rechazada: "Rejected: nothing was signed or sent.",
      Vencida:
        "Expired without a decision: nothing was signed or sent. If still needed, request the void again.",
      Enviada: "Approved and sent to DGII: see the outcome on the void.",
    },
    ownRequest: "You asked for this void: another person with the approver role must approve or reject it.",
    notApprover: "Only a person with the approver role decides on requests.",
    approve: "Approve and send…",
    reject: "Reject…",
    approveTitle: "Approve and send the void",
    approveWhat: {
      one: "The void of {count} sequence in {environment}, requested by {requester}, will be signed now and sent to DGII.",
      other:
        "The void of {count} sequences in {environment}, requested by {requester}, will be signed now and sent to DGII.",
    },
    approveChecks:
      "The checks run again before signing: if a range was already voided, a number was used or DGII is in maintenance, nothing is sent.",
    approveSubmit: {
      one: "Approve and void {count} sequence",
      other: "Approve and void {count} sequences",
    },
    sending: "Sending to DGII… {seconds} s",
    rejectTitle: "Reject the request",
    rejectIntro: "Nothing will be signed or sent. Whoever asked will see the reason.",
    rejectReason: "Reason for rejection",
    rejectReasonHint: "Required, up to 500 characters.",
    rejectReasonRequired: "Write the reason for rejection.",
    rejectSubmit: "Reject the request",
  },
  voidFacts: {
    requestedBy: "Requested by",
    approvedBy: "Approved by",
    approvedAt: "Approved on",
    request: "Approval request",
    openRequest: "View the request",
  },
};
