import { Component, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorPage, PageLoading } from './error-page.tsx';

type BoundaryProps = { fallback: (error: unknown) => ReactNode; resetKey?: string; children: ReactNode };
type BoundaryState = { error: unknown; hasError: boolean };

/**
 * Shows `fallback` when what it wraps fails to render (a page's error, a script part that did not load); a
 * new `resetKey` (the next path) tries again.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, hasError: true };
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined, hasError: false });
  }

  render() {
    return this.state.hasError ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * A layout's page: the loading bar while its script part loads (the layout stays), and with `showsErrors` the
 * error page inside the layout when the page fails.
 */
export function PageOutlet({ showsErrors = false }: { showsErrors?: boolean }) {
  const { pathname } = useLocation();
  const page = (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
  if (!showsErrors) return page;
  return (
    <RouteErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPage error={error} />}>
      {page}
    </RouteErrorBoundary>
  );
}
