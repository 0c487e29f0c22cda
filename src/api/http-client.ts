import Axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import { getSelectedBusinessId } from './selected-business';

// The one axios instance every generated hook calls through. axios reads the XSRF-TOKEN cookie and sends it
// as X-XSRF-TOKEN on same-origin requests by itself.
export const axiosInstance = Axios.create({
  withCredentials: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
});

axiosInstance.interceptors.request.use((config) => {
  config.headers.set('X-Requested-With', 'XMLHttpRequest');
  const businessId = getSelectedBusinessId();
  if (businessId !== null) config.headers.set('business-id', String(businessId));
  return config;
});

// Headers are merged, not replaced, so that a caller's extra header (Idempotency-Key) keeps the generated ones.
export const httpClient = <T>(config: AxiosRequestConfig, options?: AxiosRequestConfig): Promise<T> =>
  axiosInstance({ ...config, ...options, headers: { ...config.headers, ...options?.headers } }).then(
    ({ data }) => data as T,
  );

export type ErrorType<E> = AxiosError<E>;
export type BodyType<B> = B;
