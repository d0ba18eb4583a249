// A plain legacy interface: zones over the platform API, routed by the location hash, no framework
// and no build step. Everything it says to the console goes through the one classic script
// /portico-kit/portico-frame.js (global PorticoFrame); packages/bridge/INTEGRATING.md explains each step.
(function () {
  'use strict';

  // The console serves this page on its own origin (legacyUiBase in portico.config.json). A legacy
  // UI on another origin writes the console's exact origin here instead; never '*'.
  var HOST_ORIGIN = window.location.origin;
  var ZONES = '/model/zone';

  var state = {
    status: 'connecting', // connecting | signedIn | outside | expired
    session: null,
    language: 'en',
    timeZone: 'UTC',
    dateFormat: 'YYYY-MM-DD',
    calendarFormat: '24h',
    permissions: [],
    groupFields: {},
    route: currentHashPath(),
    zones: null,
    zoneTypes: null,
    filter: '',
    error: '',
    editing: null, // null, 'new' or a zone id: the editor is a dialog over the list, not a route
    modalOpen: false,
    confirmingDelete: false,
  };
  var view = document.getElementById('view');

  function t(key, values) {
    return window.PlainI18n.translate(state.language, key, values);
  }

  // ---- the bridge ------------------------------------------------------------------------------

  // Step 1: connect at once, with the console's exact origin. Step 2: answer `router` (the console
  // asks for a route): show it; show() ends with frame.routerSuccess(path), which answers the request.
  var frame = window.PorticoFrame.connect({
    hostOrigin: HOST_ORIGIN,
    onRouter: function (path) {
      show(path);
    },
  });

  frame.connected.then(
    function () {
      return frame.request('fetchSessionData', {}).then(function (session) {
        state.session = session;
        state.permissions = session.permissions;
        state.language = session.language;
        state.timeZone = session.timeZone;
        state.dateFormat = session.dateFormat;
        state.calendarFormat = session.calendarFormat;
        state.groupFields = session.groupFields;
        state.status = 'signedIn';
        render();
        load();
      });
    },
    function (error) {
      // BRIDGE_NO_PEER: opened outside the console. Anything else: the console did not answer.
      state.status = error && error.code === 'BRIDGE_NO_PEER' ? 'outside' : 'expired';
      render();
    },
  );

  // Pushes from the console: re-label, re-format, re-check permissions.
  frame.on('language', function (payload) {
    state.language = payload.language;
    render();
  });
  frame.on('timezoneUpdated', function (payload) {
    state.timeZone = payload.timeZone;
    render();
  });
  frame.on('calendarFormatUpdated', function (payload) {
    state.calendarFormat = payload.calendarFormat;
    render();
  });
  frame.on('dateFormatUpdated', function (payload) {
    state.dateFormat = payload.dateFormat;
    render();
  });
  frame.on('permissions', function (payload) {
    state.permissions = payload.permissions;
    render();
  });
  frame.on('groupConfigs', function (payload) {
    state.groupFields = payload.fields;
    render();
  });
  frame.on('sessionExpired', function () {
    expire();
  });

  // ---- routing: the hash is the route; the frame never adds history entries (the shell owns them) --

  function currentHashPath() {
    var path = window.location.hash.replace(/^#/, '').split('?')[0];
    return path && path.charAt(0) === '/' ? path.replace(/\/+$/, '') || '/' : '/';
  }

  /** Shows `path` and tells the console (routerSuccess answers its `router`, or becomes `routerUpdate`). */
  function show(path, options) {
    var target = path.split('?')[0].replace(/\/+$/, '') || '/';
    if (target.indexOf(ZONES + '/') === 0) {
      // this example has no zone sub-pages: a redirect to the list replaces the shell's history entry
      return show(ZONES, { replace: true });
    }
    if (window.location.hash !== '#' + target)
      window.history.replaceState(window.history.state, '', '#' + target);
    var listChanged = isZonesRoute(target) !== isZonesRoute(state.route);
    state.route = target;
    state.editing = null;
    state.confirmingDelete = false;
    state.error = '';
    render();
    if (listChanged || (isZonesRoute(target) && state.zones === null)) load();
    frame.routerSuccess(target, options);
  }

  function isZonesRoute(path) {
    return path === ZONES;
  }

  function edit(id) {
    state.editing = id;
    state.confirmingDelete = false;
    render();
  }

  // Links inside the page move by replacing the hash, never by pushing history.
  document.addEventListener('click', function (event) {
    var link = event.target.closest ? event.target.closest('a[href^="#/"]') : null;
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    show(link.getAttribute('href').slice(1));
  });
  // Someone typed a hash (or the page is open on its own): follow it.
  window.addEventListener('hashchange', function () {
    if (currentHashPath() !== state.route) show(currentHashPath());
  });

  // ---- the API, with the session's token ---------------------------------------------------------

  function api(method, path, body) {
    if (!state.session || state.status === 'expired')
      return Promise.reject(new Error('not signed in'));
    var headers = { Accept: 'application/json', token: state.session.token };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(state.session.apiBase + path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (response) {
      if (response.status === 401) {
        // the platform ended the session: tell the console, which signs the user out (spec §8)
        frame.send('sessionExpired', {});
        expire();
        throw new Error('session expired');
      }
      if (response.status === 204) return null;
      return response.json().then(function (json) {
        if (!response.ok) throw new Error((json && json.error) || 'HTTP ' + response.status);
        return json;
      });
    });
  }

  function load() {
    if (state.status !== 'signedIn' || !isZonesRoute(state.route)) return;
    var query =
      '?pageSize=50&pageNumber=1&order=name:asc' +
      (state.filter ? '&filter=' + encodeURIComponent(state.filter) : '');
    var wanted = state.filter;
    api('GET', '/zone' + query).then(function (answer) {
      if (wanted !== state.filter) return;
      state.zones = answer.results;
      render();
    }, fail);
    if (state.zoneTypes === null) {
      api('GET', '/zoneType?pageSize=1000&pageNumber=1&order=name:asc').then(function (answer) {
        state.zoneTypes = answer.results;
        render();
      }, fail);
    }
  }

  function fail(error) {
    if (state.status === 'expired') return;
    state.error = t('failed', { error: error.message });
    render();
  }

  function expire() {
    state.status = 'expired';
    state.session = null;
    render();
    setModal(false);
  }

  function can(letter) {
    return (
      state.permissions.indexOf('zone:' + letter) >= 0 || state.permissions.indexOf('zone:*') >= 0
    );
  }

  // ---- rendering: DOM nodes built by hand, so no markup from the API is ever parsed -----------------

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === false || value === null || value === undefined) return;
      if (name.indexOf('on') === 0) node.addEventListener(name.slice(2), value);
      else if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value === true ? '' : value);
    });
    (children || []).forEach(function (child) {
      if (child)
        node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  // The tenant's name for a concept (vocabulary.js: the console's rule), else this page's own word.
  function label(concept, fallbackKey) {
    return (
      window.PlainVocabulary.tenantLabel(state.groupFields, concept, state.language) ||
      t(fallbackKey)
    );
  }

  function setModal(open) {
    if (open === state.modalOpen) return;
    state.modalOpen = open;
    // the console dims and blocks its own chrome while a dialog is open in the frame
    frame.send('modal', { open: open });
  }

  function renderHeader() {
    document.documentElement.lang = state.language;
    document.getElementById('route').textContent = state.route;
    document.getElementById('timezone-label').textContent = t('timeZone');
    document.getElementById('timezone').textContent = state.timeZone;
    var now = '';
    try {
      now = new Intl.DateTimeFormat(state.language, {
        timeZone: state.timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: state.calendarFormat === '12h' ? 'h12' : 'h23',
      }).format(new Date());
    } catch {
      now = '';
    }
    document.getElementById('now').textContent = now;
    var status = document.getElementById('status');
    if (state.status === 'signedIn')
      status.textContent = t('signedIn', {
        user: state.session.user.username,
        tenant: state.session.user.tenantName,
      });
    else
      status.textContent = t(
        state.status === 'outside'
          ? 'outside'
          : state.status === 'expired'
            ? 'expired'
            : 'connecting',
      );
  }

  function render() {
    renderHeader();
    var parts = [];
    if (state.status === 'expired')
      parts.push(el('p', { class: 'notice', role: 'alert', text: t('expired') }));
    else if (state.status === 'signedIn') {
      if (state.error) parts.push(el('p', { class: 'error', role: 'alert', text: state.error }));
      var editing = isZonesRoute(state.route) ? state.editing : null;
      if (!isZonesRoute(state.route)) parts.push(renderHome());
      else {
        parts.push(renderList());
        if (editing !== null) parts.push(editorFor(editing));
      }
      setModal(editing !== null);
    }
    // the list section is kept (replaceChildren would move it anyway; skipping it keeps the focus)
    Array.prototype.slice.call(view.childNodes).forEach(function (node) {
      if (parts.indexOf(node) < 0) view.removeChild(node);
    });
    parts.forEach(function (part, index) {
      if (view.childNodes[index] !== part) view.insertBefore(part, view.childNodes[index] || null);
    });
  }

  function renderHome() {
    return el('section', {}, [
      el('h1', { text: t('home') }),
      el('p', {}, [el('a', { href: '#' + ZONES, text: t('openZones') })]),
      el('p', {}, [
        el('button', {
          type: 'button',
          text: t('openReports'),
          onclick: function () {
            frame.send('navigateToEvent', { path: '/analytics/report' });
          },
        }),
        ' ',
        el('button', {
          type: 'button',
          text: t('about'),
          onclick: function () {
            frame.send('handleAboutSection', {});
          },
        }),
      ]),
    ]);
  }

  // The list's section and search box live across renders, so typing in the filter keeps its focus.
  var list = (function () {
    var heading = el('h1', { id: 'zones-heading' });
    var search = el('input', { type: 'search' });
    var timer = null;
    search.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        state.filter = search.value;
        load();
      }, 200);
    });
    var create = el('button', {
      type: 'button',
      onclick: function () {
        edit('new');
      },
    });
    var toolbar = el('div', { class: 'toolbar' }, [search, create]);
    var body = el('div');
    var section = el('section', { 'aria-labelledby': 'zones-heading' }, [heading, toolbar, body]);
    return { section: section, heading: heading, search: search, create: create, body: body };
  })();

  function renderList() {
    list.heading.textContent = label('Zones', 'zones');
    list.search.setAttribute('aria-label', t('filter'));
    list.create.textContent = t('new');
    list.create.hidden = !can('i');
    var body;
    if (state.zones === null) body = el('p', { role: 'status', text: '…' });
    else if (state.zones.length === 0) body = el('p', { text: t('noResults') });
    else {
      body = el('table', {}, [
        el('thead', {}, [
          el('tr', {}, [
            el('th', { scope: 'col', text: t('name') }),
            el('th', { scope: 'col', text: t('code') }),
            el('th', { scope: 'col', text: label('ZoneTypes', 'type') }),
          ]),
        ]),
        el(
          'tbody',
          {},
          state.zones.map(function (zone) {
            return el('tr', {}, [
              el('td', {}, [
                el('button', {
                  type: 'button',
                  class: 'link',
                  text: zone.name,
                  onclick: function () {
                    edit(String(zone.id));
                  },
                }),
              ]),
              el('td', { text: zone.code || '' }),
              el('td', { text: zone.zoneType ? zone.zoneType.name : '' }),
            ]);
          }),
        ),
      ]);
    }
    list.body.replaceChildren(body);
    return list.section;
  }

  // The open editor is kept while its inputs stay valid, so a push from the console (a new time
  // zone, new permissions) never wipes what the user is typing.
  var editor = { key: '', node: null };
  function editorFor(id) {
    var zone = id === 'new' ? null : findZone(id);
    var key = [
      id,
      zone ? zone.id : '',
      state.zoneTypes ? state.zoneTypes.length : '',
      state.confirmingDelete,
      state.language,
      can('i'),
      can('u'),
      can('d'),
    ].join('|');
    if (editor.key !== key) editor = { key: key, node: renderEditor(id) };
    return editor.node;
  }

  var fetched = {};
  function findZone(id) {
    var row = (state.zones || []).concat(fetched[id] ? [fetched[id]] : []).filter(function (zone) {
      return String(zone.id) === id;
    })[0];
    if (!row && state.zones !== null && fetched[id] === undefined) {
      fetched[id] = null;
      api('GET', '/zone/' + id).then(function (zone) {
        fetched[id] = zone;
        render();
      }, fail);
    }
    return row;
  }

  function renderEditor(id) {
    var creating = id === 'new';
    var zone = creating ? { name: '', code: '', zoneTypeId: null } : findZone(id);
    var editable = creating ? can('i') : can('u');
    var error = el('p', { class: 'error', role: 'alert' });
    var name = el('input', {
      name: 'name',
      required: true,
      disabled: !editable,
      value: zone ? zone.name : '',
    });
    var code = el('input', {
      name: 'code',
      disabled: !editable,
      value: zone ? zone.code || '' : '',
    });
    var type = el(
      'select',
      { name: 'zoneTypeId', required: true, disabled: !editable },
      [el('option', { value: '', text: '—' })].concat(
        (state.zoneTypes || []).map(function (zoneType) {
          return el('option', {
            value: String(zoneType.id),
            selected: zone && zone.zoneTypeId === zoneType.id,
            text: zoneType.name,
          });
        }),
      ),
    );
    function close() {
      edit(null);
    }
    function save(event) {
      event.preventDefault();
      if (!name.value.trim() || !type.value) {
        error.textContent = t('required');
        return;
      }
      var body = {
        name: name.value.trim(),
        code: code.value.trim(),
        zoneTypeId: Number(type.value),
      };
      api(creating ? 'POST' : 'PATCH', creating ? '/zone' : '/zone/' + id, body).then(
        function () {
          frame.send('doneEvent', {
            operation: creating ? 'zone.create' : 'zone.update',
            ok: true,
            message: t('saved'),
          });
          close();
          load();
        },
        function (failure) {
          error.textContent = t('failed', { error: failure.message });
        },
      );
    }
    function remove() {
      if (!state.confirmingDelete) {
        state.confirmingDelete = true;
        render();
        return;
      }
      api('DELETE', '/zone/' + id).then(
        function () {
          frame.send('doneEvent', { operation: 'zone.delete', ok: true, message: t('deleted') });
          close();
          load();
        },
        function (failure) {
          error.textContent = t('failed', { error: failure.message });
        },
      );
    }
    var title = creating ? t('newZone') : t('editZone');
    var form = el(
      'form',
      {
        class: 'dialog',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'editor-title',
        novalidate: true,
        onsubmit: save,
      },
      [
        el('h2', { id: 'editor-title', text: title }),
        zone ? null : el('p', { role: 'status', text: '…' }),
        el('label', {}, [t('name') + ' *', name]),
        el('label', {}, [t('code'), code]),
        el('label', {}, [label('ZoneTypes', 'type') + ' *', type]),
        error,
        el('div', { class: 'actions' }, [
          editable ? el('button', { type: 'submit', text: t('save') }) : null,
          !creating && can('d')
            ? el('button', {
                type: 'button',
                onclick: remove,
                text: state.confirmingDelete ? t('confirmDelete') : t('delete'),
              })
            : null,
          el('button', { type: 'button', onclick: close, text: t('cancel') }),
        ]),
      ],
    );
    form.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') close();
    });
    setTimeout(function () {
      if (!form.contains(document.activeElement))
        (editable ? name : form.querySelector('button')).focus();
    });
    return el('div', { class: 'backdrop' }, [form]);
  }

  render();
  // a zones route opened directly, outside the console or before the handshake: shown once signed in
  setInterval(renderHeader, 30000);
})();
