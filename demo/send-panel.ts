/**
 * The "Send to the sandbox" panel: sends the postcard, shows status, headers and body, offers
 * the two ways on after an answer (resend the same `X-Request-Id` to see the 409 replay, or a
 * new id for a new postcard), and copies the request as a curl command.
 *
 * @module
 */
import type { Verdict } from '../src/index.ts'
import { curlCommand, type PostcardRequest } from './curl-command.ts'
import { byId, h, setText } from './dom.ts'
import { explainAnswer, sendPostcard, type SendResult } from './send-postcard.ts'

/** What the panel needs from the page at the moment of sending. */
export interface SendSource {
  /** Brings the live check up to date and returns the body and token to send, and its verdict. */
  current(): Promise<{
    readonly body: unknown
    readonly token: string
    readonly verdict: Verdict | undefined
  }>
}

/** What the page holds now: the body the live check judged, and the chosen token. */
export interface CurrentRequest {
  readonly body: unknown
  readonly token: string
}

/** The panel, as the page drives it. */
export interface SendPanel {
  /**
   * Tells the panel what a send would send now. An answer shown for another body or token is
   * marked stale (the page changed since it was sent), and fresh again when the page returns
   * to what was sent: an answer never sits beside a verdict it does not belong to.
   */
  showCurrent(current: CurrentRequest): void
}

/**
 * The identity of a request, to tell whether an answer belongs to what the page holds now. The
 * request id is left out: a new id for the same postcard is the same card.
 *
 * @param request Body and token.
 * @returns A key, equal for equal requests.
 */
export function requestKey(request: CurrentRequest): string {
  return JSON.stringify([request.token, request.body])
}

/** A fresh idempotency key. */
export function newRequestId(): string {
  return crypto.randomUUID()
}

/**
 * Whether the sandbox's 422 body is exactly the live check's (spec 7.1): both come from the same
 * core, so any difference is a bug worth showing.
 */
function sameAsLiveCheck(result: SendResult, verdict: Verdict | undefined): boolean {
  return (
    verdict !== undefined &&
    !verdict.ok &&
    JSON.stringify(result.body) === JSON.stringify(verdict.body)
  )
}

/**
 * Wires the panel of `index.html`.
 *
 * @param source Where the body comes from.
 * @param endpoint Absolute URL of `POST /api/v1/postcards`.
 * @returns The panel, told of every change of the page.
 */
export function setUpSendPanel(source: SendSource, endpoint: string): SendPanel {
  const requestId = byId('request-id', HTMLInputElement)
  const send = byId('send', HTMLButtonElement)
  const copy = byId('copy-curl', HTMLButtonElement)
  const copied = byId('copied', HTMLElement)
  const answer = byId('answer', HTMLElement)
  const status = byId('answer-status', HTMLElement)
  const time = byId('answer-time', HTMLElement)
  const explain = byId('answer-explain', HTMLElement)
  const compare = byId('answer-compare', HTMLElement)
  const staleNote = byId('answer-stale', HTMLElement)
  const headers = byId('answer-headers', HTMLElement)
  const body = byId('answer-body', HTMLElement)
  const replay = byId('replay-actions', HTMLElement)
  const curl = byId('curl', HTMLElement)
  const curlDetails = byId('curl-details', HTMLDetailsElement)
  const buttons = [
    send,
    byId('resend-same', HTMLButtonElement),
    byId('send-new', HTMLButtonElement),
  ]

  requestId.value = newRequestId()
  /** The request the shown answer belongs to, and the one the page holds now. */
  let answered: string | undefined
  let current: string | undefined
  const markFreshness = (): void => {
    const stale = answered !== undefined && current !== undefined && answered !== current
    if (stale) answer.dataset['stale'] = 'true'
    else delete answer.dataset['stale']
    staleNote.hidden = !stale
    // "Same body as the live check predicted" speaks of the verdict shown beside it: not so
    // once the card changed.
    compare.hidden = stale || answer.dataset['status'] !== '422'
  }
  let copiedTimer: ReturnType<typeof setTimeout> | undefined
  const note = (text: string): void => {
    clearTimeout(copiedTimer)
    setText(copied, text)
    // Cleared after a while, so the next copy is announced again.
    copiedTimer = setTimeout(() => setText(copied, ''), 4000)
  }

  const request = async (): Promise<{ request: PostcardRequest; verdict: Verdict | undefined }> => {
    const { body: payload, token, verdict } = await source.current()
    return {
      request: { url: endpoint, token, requestId: requestId.value.trim(), body: payload },
      verdict,
    }
  }

  const show = (result: SendResult, sent: PostcardRequest, verdict: Verdict | undefined): void => {
    answered = requestKey(sent)
    answer.hidden = false
    answer.dataset['status'] = String(result.status)
    setText(status, result.statusLine)
    setText(time, result.status === 0 ? '' : `${Math.round(result.durationMs)} ms`)
    setText(explain, explainAnswer(result))
    compare.hidden = result.status !== 422
    if (result.status === 422) {
      const same = sameAsLiveCheck(result, verdict)
      compare.dataset['same'] = String(same)
      setText(
        compare,
        same
          ? 'Same body as the live check predicted.'
          : 'This body differs from what the live check predicted.'
      )
    }
    headers.replaceChildren(
      ...result.headers.flatMap(([name, value]) => [h('dt', {}, [name]), h('dd', {}, [value])])
    )
    setText(body, result.bodyText)
    replay.hidden = ![201, 202, 409].includes(result.status)
    markFreshness()
  }

  const submit = async (fresh: boolean): Promise<void> => {
    if (fresh) requestId.value = newRequestId()
    for (const button of buttons) button.disabled = true
    answer.setAttribute('aria-busy', 'true')
    try {
      const { request: next, verdict } = await request()
      show(await sendPostcard(next), next, verdict)
    } finally {
      for (const button of buttons) button.disabled = false
      answer.removeAttribute('aria-busy')
    }
  }

  send.addEventListener('click', () => void submit(false))
  byId('resend-same', HTMLButtonElement).addEventListener('click', () => void submit(false))
  byId('send-new', HTMLButtonElement).addEventListener('click', () => void submit(true))
  byId('new-id', HTMLButtonElement).addEventListener('click', () => {
    requestId.value = newRequestId()
    requestId.focus()
  })
  copy.addEventListener('click', () => {
    void (async () => {
      const text = curlCommand((await request()).request)
      curl.textContent = text
      curlDetails.open = true
      try {
        await navigator.clipboard.writeText(text)
        note('Copied to the clipboard.')
      } catch {
        note('Select the command below to copy it.')
      }
    })()
  })
  return {
    showCurrent(next) {
      current = requestKey(next)
      markFreshness()
    },
  }
}
