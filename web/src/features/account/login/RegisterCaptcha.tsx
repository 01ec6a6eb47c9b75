import { LOGIN_LIMITS, MSG } from '@wanxiang/contract';
import { registerCaptchaChallenge, registerCaptchaVerify } from '../../../api/auth';
import { SliderCaptcha, type SliderCaptchaProps } from '../../../components/captcha/SliderCaptcha';
import { sliderGeometry } from '../../../components/captcha/slider-geometry';

const GEOMETRY = sliderGeometry(LOGIN_LIMITS.registerCaptchaWidth, LOGIN_LIMITS.registerCaptchaTarget);

/**
 * The register slider of the login dialog (docs/product/accounts.md §5): drag the handle to x=200 of a 260 track.
 * The server answers a one-use token (验证成功) or 验证失败，请重新操作, held 1 s before a new challenge.
 */
export function RegisterCaptcha(props: SliderCaptchaProps) {
  return (
    <SliderCaptcha
      {...props}
      geometry={GEOMETRY}
      challenge={registerCaptchaChallenge}
      verify={registerCaptchaVerify}
      passedText={MSG.captchaSuccess}
      testId="register-captcha"
      handleTestId="register-captcha-handle"
    />
  );
}
