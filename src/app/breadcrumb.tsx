import { Breadcrumb as ChakraBreadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { breadcrumbTrail } from './breadcrumb-trail.ts';
import type { RouteHandle } from './route-handle.ts';

export function Breadcrumb({ handle }: { handle: RouteHandle }) {
  const trail = breadcrumbTrail(handle);
  return (
    <ChakraBreadcrumb.Root mb="4">
      <ChakraBreadcrumb.List>
        {trail.map((crumb, index) => (
          <Fragment key={crumb.label}>
            {index > 0 ? <ChakraBreadcrumb.Separator /> : null}
            <ChakraBreadcrumb.Item>
              {crumb.to ? (
                <ChakraBreadcrumb.Link asChild>
                  <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                </ChakraBreadcrumb.Link>
              ) : (
                <ChakraBreadcrumb.CurrentLink>{crumb.label}</ChakraBreadcrumb.CurrentLink>
              )}
            </ChakraBreadcrumb.Item>
          </Fragment>
        ))}
      </ChakraBreadcrumb.List>
    </ChakraBreadcrumb.Root>
  );
}
