import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ShellLink, isLinkActive } from './shell-link.tsx';

describe('isLinkActive (as react-router NavLink matches)', () => {
  it.each([
    ['/app/things/thing', '/app/things/thing', true],
    ['/app/things/thing', '/app/things/thing/7', true],
    ['/app/things', '/app/things/thingType', true],
    ['/app/things/thing', '/app/things/thingType', false],
    ['/app/things/thing', '/app/model/zone', false],
    ['/app/things/thing/7', '/app/things/thing', false],
  ])('%s at %s: %s', (to, path, active) => expect(isLinkActive(to, path)).toBe(active));
});

describe('ShellLink', () => {
  function draw(path: string, extra: { active?: boolean } = {}) {
    const navigate = vi.fn();
    const onClick = vi.fn();
    render(
      <ShellLink
        to="/app/things/thing"
        path={path}
        activeClassName="on"
        navigate={navigate}
        onClick={onClick}
        {...extra}
      >
        Assets
      </ShellLink>,
    );
    return { link: screen.getByRole('link', { name: 'Assets' }), navigate, onClick };
  }

  it('is a real link to the shell route, marked as the current page at or under it', () => {
    const { link } = draw('/app/things/thing/7');
    expect(link.getAttribute('href')).toBe('#/app/things/thing');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(link.className).toBe('on');
  });

  it('is not marked elsewhere', () => {
    const { link } = draw('/app/things/thingType');
    expect(link.hasAttribute('aria-current')).toBe(false);
    expect(link.className).toBe('');
  });

  it('wears the active class when told, aria-current still following the page', () => {
    const { link } = draw('/app/things/thingType', { active: true });
    expect(link.className).toBe('on');
    expect(link.hasAttribute('aria-current')).toBe(false);
  });

  it('a plain click navigates in the shell (no page load) and runs onClick', () => {
    const { link, navigate, onClick } = draw('/app/model/zone');
    const allowed = fireEvent.click(link);
    expect(allowed).toBe(false); // default prevented
    expect(navigate).toHaveBeenCalledWith('/app/things/thing');
    expect(onClick).toHaveBeenCalledOnce();
  });

  it.each([
    { ctrlKey: true },
    { metaKey: true },
    { shiftKey: true },
    { altKey: true },
    { button: 1 },
  ])('a click with %o is left to the browser (a new tab or window)', (init) => {
    const { link, navigate } = draw('/app/model/zone');
    const allowed = fireEvent.click(link, init);
    expect(allowed).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
