import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { MenuPath } from '@hmi/domain';

/** The link-style button back to the device list that the device screens show on top. */
export function BackToDeviceList({ className, children }: { className: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      className={className}
      onClick={() => void navigate(MenuPath.DeviceList)}
    >
      {children}
    </Button>
  );
}
