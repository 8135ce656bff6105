// The guest payment link's constants, texts and pure rules, without zod (guest-pay.contract.ts, which
// re-exports them, holds the schemas): the entry page a phone opens from the SMS shows and fills its form
// before zod has loaded.
import { MSG } from '../common/messages.ts';

export * from './guest-pay.paths.ts';

// ---- Texts (the UI texts "Guest payment link") and the flow's own messages ----
export const GUEST_PAY_TEXT = {
  countdown: '剩余支付时间',
  payButton: '立即支付',
  paid: '订单已支付',
  canceled: '订单已取消',
  goHome: '返回首页',
  hotline: '24小时客服热线：',
  expand: '展开全部',
  collapse: '收起',
  agreement: '请阅读并同意《用户服务协议》和《隐私政策》',
  registerButton: '注册并查看订单',
  viewButton: '查看订单',
  cashOnDelivery: '货到付款',
  advancePayment: '预付金额',
} as const;

/** The flow's messages; they live in MSG with every other message the API answers. */
export const GUEST_PAY_MSG = {
  /** ui-text: at zero, and the server's 409 when paying after the end. */
  orderTimeout: MSG.guestOrderTimeout,
  /** ui-text: the four digits are incomplete. */
  phoneIncomplete: MSG.guestPhoneIncomplete,
  /** ui-text: the agreement is not ticked. */
  agreementRequired: MSG.guestAgreementRequired,
  /** ui-text /timeout, and the 410 of a key past its life or its bind window. */
  linkTimedOut: MSG.guestLinkTimedOut,
  /** ui-text: the order could not be loaded. */
  orderLoadFailed: MSG.guestOrderLoadFailed,
  /** The four digits do not make the order's phone (the try is counted). */
  phoneWrong: MSG.guestPhoneWrong,
  /** 10 wrong tries: the key is locked for good; customer service sends a new link. */
  linkLocked: MSG.guestLinkLocked,
  /** Register while the phone already has an account (use the SMS sign-in instead). */
  alreadyRegistered: MSG.guestAlreadyRegistered,
  /** Sign-in by SMS while the phone has no account yet (use register instead). */
  notRegistered: MSG.guestNotRegistered,
  /** bgnDate / endDate not a 7-day window. */
  dateWindowInvalid: MSG.guestDateWindowInvalid,
  /** The link sets a password only for an account without one (changing one is the site's 忘记密码). */
  passwordAlreadySet: MSG.guestPasswordAlreadySet,
} as const;

// ---- Limits ----
/** Wrong digit tries per key; the 10th locks the key for good. */
export const GUEST_LINK_MAX_WRONG_TRIES = 10;
/** Lines shown before 展开全部. */
export const GUEST_ITEMS_BEFORE_EXPAND = 3;
/** The stored tokens expire this many seconds before expires_in says (session after login in the guest flow). */
export const GUEST_TOKEN_EXPIRY_MARGIN_SECONDS = 60;

/** The 4 hidden digits of a masked phone '138****8000', with its first 3 and last 4 → the full phone. */
export function fullGuestPhone(maskPhone: string, middle: string): string {
  return `${maskPhone.slice(0, 3)}${middle}${maskPhone.slice(-4)}`;
}

// ---- The bind check ----
/** '0' no account has signed in for this phone yet, '1' registered, '2' the bind window is over (→ /timeout). */
export const IS_REGISTED = { notRegistered: '0', registered: '1', timedOut: '2' } as const;

// ---- The guest order's lines ----
/** What a line is, from its mark (and combinationId) on a guest order. */
export const GUEST_LINE_KINDS = ['ordinary', 'comboParent', 'comboChild', 'gift', 'prize'] as const;
export type GuestLineKind = (typeof GUEST_LINE_KINDS)[number];
export const GUEST_LINE_KIND_TEXT = {
  ordinary: '',
  comboParent: '套餐',
  comboChild: '套餐商品',
  gift: '赠品',
  prize: '奖品',
} as const satisfies Record<GuestLineKind, string>;

const COMBO_PARENT_MARKS: readonly number[] = [5, 7, 17];
const COMBO_CHILD_MARKS: readonly number[] = [6, 8, 18];
const PRIZE_MARKS: readonly number[] = [13, 15];

/**
 * Mark values on guest order lines: 5, 7, 17 combo parents; 6, 8, 18 their children; 3 with a combinationId a
 * gift; 13, 15, or 3 without a combinationId a prize; 1, 2, 24, 25 (and anything else) ordinary.
 */
export function guestLineKind(mark: number, combinationId: string | null): GuestLineKind {
  if (COMBO_PARENT_MARKS.includes(mark)) return 'comboParent';
  if (COMBO_CHILD_MARKS.includes(mark)) return 'comboChild';
  if (mark === 3) return combinationId ? 'gift' : 'prize';
  if (PRIZE_MARKS.includes(mark)) return 'prize';
  return 'ordinary';
}

/**
 * The lines in the order the pay page lists them: each combo parent followed by its children, a line followed
 * by the gifts that share its combinationId, the prizes last; otherwise the order's own order.
 */
export function orderGuestLines<T extends { mark: number; combinationId: string | null }>(lines: readonly T[]): T[] {
  const kindOf = (line: T) => guestLineKind(line.mark, line.combinationId);
  const isFollower = (line: T) => kindOf(line) === 'comboChild' || kindOf(line) === 'gift';
  const heads = lines.filter((line) => !isFollower(line) && kindOf(line) !== 'prize');
  const headIds = new Set(heads.flatMap((line) => (line.combinationId ? [line.combinationId] : [])));
  const isAttached = (line: T) => isFollower(line) && line.combinationId !== null && headIds.has(line.combinationId);
  const ordered: T[] = [];
  for (const head of heads) {
    ordered.push(head);
    if (head.combinationId) {
      ordered.push(...lines.filter((line) => isAttached(line) && line.combinationId === head.combinationId));
    }
  }
  // Children or gifts whose head is missing still show, before the prizes.
  ordered.push(...lines.filter((line) => isFollower(line) && !isAttached(line)));
  ordered.push(...lines.filter((line) => kindOf(line) === 'prize'));
  return ordered;
}

/** The order types the pay page tells apart: waitPay (countdown), canceled, and the paid ones. */
export const GUEST_PAID_TYPES = ['waitDelivery', 'waitReceiving', 'waitEvaluate', 'completeTransaction'] as const;
