import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { parseCheckInCode } from '~/platform/event/check-in-code';
import { Button } from '~/platform/ui/Button';
import { DialogCloseButton } from '~/platform/ui/DialogCloseButton';
import { Camera } from '~/platform/ui/icons/icons';

// The Barcode Detection API (Chrome on Android, Safari 17+ behind a flag): not in TypeScript's DOM types yet.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = (): BarcodeDetectorClass | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

const SCAN_EVERY_MS = 250;

/**
 * Scans the QR code of a confirmation e-mail with the phone's camera, where the browser can
 * read one (BarcodeDetector); elsewhere there is no button, and the name search does the job.
 */
export function ScanButton({
  onCode,
}: {
  onCode: (code: { registrationId: string; signature: string }) => void;
}) {
  const { t } = useTranslation('checkIn');
  const [supported, setSupported] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setSupported(detectorClass() !== undefined && !!navigator.mediaDevices), []);
  if (!supported) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('scan.button')}>
          <Camera aria-hidden="true" className="h-5 w-5" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-4 shadow-xl"
        >
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{t('scan.title')}</Dialog.Title>
            <DialogCloseButton label={t('scan.close')} />
          </div>
          <Scanner
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Scanner({ onCode }: { onCode: (code: { registrationId: string; signature: string }) => void }) {
  const { t } = useTranslation('checkIn');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const Detector = detectorClass()!;
    const detector = new Detector({ formats: ['qr_code'] });
    const scan = async () => {
      if (stopped || !video.current) return;
      const found = await detector.detect(video.current).catch(() => []);
      for (const barcode of found) {
        const code = parseCheckInCode(barcode.rawValue);
        if (code) return onCodeRef.current(code);
        setProblem(t('scan.notOurs'));
      }
      timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play();
        void scan();
      })
      .catch(() => setProblem(t('scan.noCamera')));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [t]);

  return (
    <div className="space-y-2">
      <video
        ref={video}
        muted
        playsInline
        className="aspect-square w-full rounded-lg bg-black object-cover"
      />
      <p role="status" className="text-sm text-muted">
        {problem ?? t('scan.hint')}
      </p>
    </div>
  );
}
