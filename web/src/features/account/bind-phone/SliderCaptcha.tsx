import { GATE_LIMITS, MSG } from '@wanxiang/contract';
import { captchaChallenge, captchaVerify } from '../../../api/bind-phone';
import { SliderCaptcha as Slider, type SliderCaptchaProps } from '../../../components/captcha/SliderCaptcha';
import { sliderGeometry } from '../../../components/captcha/slider-geometry';

const GEOMETRY = sliderGeometry(GATE_LIMITS.captchaWidth, GATE_LIMITS.captchaTarget);

/** Slider captcha of the phone-binding dialog (docs/product/accounts.md §5, §9): x=400 on a 460 track, bound to the user. */
export function SliderCaptcha(props: SliderCaptchaProps) {
  return (
    <Slider
      {...props}
      geometry={GEOMETRY}
      challenge={captchaChallenge}
      verify={captchaVerify}
      passedText={MSG.captchaPassed}
      testId="slider-captcha"
      handleTestId="slider-handle"
    />
  );
}
