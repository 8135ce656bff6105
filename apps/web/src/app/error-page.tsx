import { CloseCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { RouteLoadError } from './lazy-with-timeout.ts';
import { SimpleHeader } from './shell/simple-header.tsx';
import './error-page.css';

type ErrorPageProps = {
  description?: string;
  error?: unknown;
  /** Inside the member centre: the page column of its layout gives the width, so no container of its own. */
  isInColumn?: boolean;
};

/**
 * The /user/error page, also what a failed page shows (`error`, from the layout's error boundary): retry goes
 * back, the other link goes home.
 */
export function ErrorPage({ description, error, isInColumn = false }: ErrorPageProps) {
  const navigate = useNavigate();
  useEffect(() => {
    if (error && !(error instanceof RouteLoadError)) console.error(error);
  }, [error]);

  const handleRetry = () => {
    if (window.history.length > 1) navigate(-1);
    else window.location.reload();
  };

  // Laid out like antd's Result without importing it: this page is in the first script every visitor loads,
  // and Result brings its three large status illustrations along.
  const subTitle = description ?? (error instanceof RouteLoadError ? error.message : undefined);
  const card = (
    <div className="card error-card">
      <div className="error-result">
        <div className="error-result__icon">
          <CloseCircleFilled />
        </div>
        <h2 className="error-result__title">页面出错了</h2>
        {subTitle ? <p className="error-result__subtitle">{subTitle}</p> : null}
        <div className="error-result__actions">
          <Button type="primary" size="large" onClick={handleRetry}>
            重试
          </Button>
          <Button
            size="large"
            href="/"
            onClick={(event) => {
              event.preventDefault();
              navigate('/');
            }}
          >
            返回首页
          </Button>
        </div>
      </div>
    </div>
  );
  return isInColumn ? card : <div className="container">{card}</div>;
}

/** Any path no route knows; `isInColumn` inside the member centre. */
export function NotFoundPage({ isInColumn = false }: { isInColumn?: boolean }) {
  return <ErrorPage description="您访问的页面不存在" isInColumn={isInColumn} />;
}

/** Shown while the first page's script part loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="加载中">
      <span className="page-loading__bar" />
    </div>
  );
}

/** When a layout itself failed: the page brings its own frame. */
export function RootErrorPage({ error }: { error: unknown }) {
  return (
    <div className="page-frame">
      <SimpleHeader />
      <main className="page-main">
        <ErrorPage error={error} />
      </main>
    </div>
  );
}
