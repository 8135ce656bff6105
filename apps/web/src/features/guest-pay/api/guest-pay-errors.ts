import { isApiError } from '../../../lib/api-client.ts';

/** 410: the link is past its life or its bind window (the page goes to /timeout). */
export const isLinkTimedOut = (error: unknown) => isApiError(error) && error.status === 410;

/** 404: the key is unknown, malformed or names another member's order (one reply, no hint which). */
export const isLinkUnknown = (error: unknown) => isApiError(error) && error.status === 404;

/** 429: ten wrong digit tries locked the key. */
export const isLinkLocked = (error: unknown) => isApiError(error) && error.status === 429;
