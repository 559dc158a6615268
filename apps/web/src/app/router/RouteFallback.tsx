import { Spin } from 'antd';

/** Shown while the first screen's code arrives. */
export function RouteFallback() {
  return (
    <div className="app-fullpage-center">
      <Spin size="large" />
    </div>
  );
}
