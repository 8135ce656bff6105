import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { SLIDER_TRACK_MAX_POINTS, type SliderTrackPoint } from '@anxin/shared/auth/slider-track.schemas';
import { Modal, Spin } from 'antd';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { createSliderChallenge, type SliderChallenge } from '../api/create-slider-challenge.ts';
import { verifySlider } from '../api/verify-slider.ts';
import './slide-captcha.css';

/** How long a miss stays on screen before the next puzzle loads. */
const RETRY_DELAY_MS = 900;
/** Size of the puzzle area before the first challenge has told us its real size. */
const PLACEHOLDER_SIZE = { width: 320, height: 160 };
/** How a keyboard or screen-reader user solves the puzzle (the handle's description). */
const KEYBOARD_HINT = '也可用左右方向键移动滑块（按住 Shift 每次 10 像素），对准缺口后按回车确认';
/** Replies after which the challenge is spent and a new one is needed. */
const SPENT_CHALLENGE_STATUSES = new Set([400, 404, 410]);

type Status = 'loading' | 'ready' | 'dragging' | 'verifying' | 'passed' | 'failed';
/** A movement of the piece being recorded: `startedAt` is the first event's timeStamp, `track` its samples. */
type Movement = { startedAt: number; track: SliderTrackPoint[] };
type Drag = Movement & { pointerId: number; startX: number };
type KeyboardMove = Movement & { x: number };

/** Starts a recording of the piece's movement at `x` (where the piece sits when it starts). */
const startMovement = (x: number, timeStamp: number): Movement => ({ startedAt: timeStamp, track: [{ x, t: 0 }] });

/**
 * Adds where the piece is at an event's time. Events of one millisecond keep the latest place; past the server's
 * limit every second sample is dropped (the first and the latest stay), so a long drag keeps its shape.
 */
function recordPoint(movement: Movement, x: number, timeStamp: number) {
  const point = { x: Math.round(x * 10) / 10, t: Math.round(timeStamp - movement.startedAt) };
  const { track } = movement;
  const last = track[track.length - 1];
  if (point.t <= last.t) {
    if (track.length > 1) last.x = point.x;
    return;
  }
  track.push(point);
  if (track.length >= SLIDER_TRACK_MAX_POINTS)
    movement.track = track.filter((_, i) => i % 2 === 0 || i === track.length - 1);
}

export type SlideCaptchaProps = {
  open: boolean;
  phoneNum: string;
  ticket: string;
  /** Called with the server's `validCode` once the piece is in place. */
  onSuccess: (validCode: string) => void;
  onCancel: () => void;
};

/**
 * The project's own slide captcha (docs/API-CONVENTIONS.md): drag the handle and the piece follows 1:1
 * (handle travel in CSS px = piece left); the server decides whether it fits.
 */
export function SlideCaptcha({ open, phoneNum, ticket, onSuccess, onCancel }: SlideCaptchaProps) {
  const [challenge, setChallenge] = useState<SliderChallenge | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [offset, setOffset] = useState(0);
  const [feedback, setFeedback] = useState<string | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const keyboardRef = useRef<KeyboardMove | null>(null);
  const requestIdRef = useRef(0);
  const retryTimerRef = useRef<number | undefined>(undefined);
  const keyboardHintId = useId();

  const loadChallenge = useCallback(async () => {
    window.clearTimeout(retryTimerRef.current);
    const requestId = ++requestIdRef.current;
    dragRef.current = null;
    keyboardRef.current = null;
    setStatus('loading');
    setOffset(0);
    setFeedback(null);
    try {
      const next = await createSliderChallenge({ phoneNum, ticket });
      if (requestId !== requestIdRef.current) return;
      setChallenge(next);
      setStatus('ready');
    } catch (error) {
      if (requestId !== requestIdRef.current) return;
      setChallenge(null);
      setStatus('failed');
      setFeedback(getErrorMessage(error));
    }
  }, [phoneNum, ticket]);

  useEffect(() => {
    if (open) void loadChallenge();
    return () => {
      requestIdRef.current += 1;
      window.clearTimeout(retryTimerRef.current);
    };
  }, [open, loadChallenge]);

  const width = challenge?.width ?? PLACEHOLDER_SIZE.width;
  const height = challenge?.height ?? PLACEHOLDER_SIZE.height;
  const pieceSize = challenge?.pieceSize ?? 44;
  const maxOffset = Math.max(0, width - pieceSize);
  const isInteractive = challenge !== null && (status === 'ready' || status === 'dragging');
  const clamp = (value: number) => Math.min(Math.max(value, 0), maxOffset);

  /** `movement` ends where the piece was released: the server judges the whole track, not just the end. */
  const verify = async (x: number, movement: Movement) => {
    if (!challenge) return;
    const requestId = requestIdRef.current;
    setStatus('verifying');
    try {
      const { validCode } = await verifySlider({
        challengeId: challenge.challengeId,
        x: Math.round(x),
        track: movement.track,
      });
      if (requestId !== requestIdRef.current) return;
      setStatus('passed');
      setFeedback('验证通过');
      onSuccess(validCode);
    } catch (error) {
      if (requestId !== requestIdRef.current) return;
      setStatus('failed');
      setFeedback(getErrorMessage(error));
      if (isApiError(error) && SPENT_CHALLENGE_STATUSES.has(error.status)) {
        retryTimerRef.current = window.setTimeout(() => void loadChallenge(), RETRY_DELAY_MS);
      } else {
        setOffset(0);
      }
    }
  };

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!isInteractive || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    keyboardRef.current = null;
    dragRef.current = {
      ...startMovement(offset, event.timeStamp),
      pointerId: event.pointerId,
      startX: event.clientX - offset,
    };
    setFeedback(null);
    setStatus('dragging');
  };

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const x = clamp(event.clientX - drag.startX);
    recordPoint(drag, x, event.timeStamp);
    setOffset(x);
  };

  const handlePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    dragRef.current = null;
    const x = clamp(event.clientX - drag.startX);
    recordPoint(drag, Math.round(x), event.timeStamp);
    setOffset(x);
    if (x < 1) {
      setStatus('ready');
      return;
    }
    void verify(x, drag);
  };

  const handlePointerCancel = () => {
    dragRef.current = null;
    setOffset(0);
    setStatus('ready');
  };

  // Keyboard: arrows move the piece (Shift for 10 px), Enter submits. Each key press is a sample of the track,
  // judged like a drag's: a person's presses come at an uneven pace.
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isInteractive) return;
    const step = event.shiftKey ? 10 : 1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      keyboardRef.current ??= { ...startMovement(offset, event.timeStamp), x: offset };
      const move = keyboardRef.current;
      move.x = clamp(move.x + (event.key === 'ArrowRight' ? step : -step));
      recordPoint(move, move.x, event.timeStamp);
      setOffset(move.x);
    } else if (event.key === 'Enter' && keyboardRef.current && keyboardRef.current.x > 0) {
      event.preventDefault();
      const move = keyboardRef.current;
      keyboardRef.current = null;
      void verify(move.x, move);
    }
  };

  const trackClass = `slide-captcha__track slide-captcha__track--${status}`;

  return (
    <Modal
      title="安全验证"
      open={open}
      onCancel={onCancel}
      footer={null}
      width={width + 48}
      centered
      maskClosable={false}
      destroyOnHidden
    >
      <div className="slide-captcha">
        <div className="slide-captcha__stage" style={{ width, height }}>
          {challenge ? (
            <>
              <img
                className="slide-captcha__background"
                src={challenge.backgroundImage}
                alt=""
                width={width}
                height={height}
                draggable={false}
              />
              <img
                className="slide-captcha__piece"
                src={challenge.pieceImage}
                alt=""
                draggable={false}
                style={{ top: challenge.pieceY, left: offset, width: pieceSize, height: pieceSize }}
              />
            </>
          ) : null}
          {status === 'loading' ? (
            <div className="slide-captcha__overlay">
              <Spin />
            </div>
          ) : null}
          {feedback ? (
            <div className={`slide-captcha__feedback slide-captcha__feedback--${status}`} role="status">
              {feedback}
            </div>
          ) : null}
          <button
            type="button"
            className="slide-captcha__refresh"
            onClick={() => void loadChallenge()}
            aria-label="换一张"
            title="换一张"
            disabled={status === 'verifying'}
          >
            <ReloadOutlined />
          </button>
        </div>
        <div className={trackClass} data-testid="slider-track" style={{ width }}>
          <div className="slide-captcha__fill" style={{ width: offset + pieceSize }} />
          <span className="slide-captcha__hint" style={{ opacity: offset > 0 ? 0 : 1 }}>
            向右拖动滑块完成拼图
          </span>
          <span id={keyboardHintId} className="visually-hidden">
            {KEYBOARD_HINT}
          </span>
          <div
            className="slide-captcha__handle"
            data-testid="slider-handle"
            role="slider"
            tabIndex={0}
            aria-label="拖动滑块完成拼图"
            aria-describedby={keyboardHintId}
            aria-valuemin={0}
            aria-valuemax={maxOffset}
            aria-valuenow={Math.round(offset)}
            style={{ width: pieceSize, transform: `translateX(${offset}px)` }}
            onPointerDown={handlePointerDown}
            onPointerMove={handlePointerMove}
            onPointerUp={handlePointerUp}
            onPointerCancel={handlePointerCancel}
            onKeyDown={handleKeyDown}
          >
            {status === 'passed' ? <CheckOutlined /> : status === 'failed' ? <CloseOutlined /> : <ArrowRightOutlined />}
          </div>
        </div>
      </div>
    </Modal>
  );
}
