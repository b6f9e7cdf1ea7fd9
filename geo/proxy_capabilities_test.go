package geo

import (
	"encoding/xml"
	"io"
	"net/url"
	"strings"
	"testing"
)

// A WMS 1.3.0 capabilities document as MapServer writes it: a default namespace, xlink and xsi
// prefixes, the service's address in the Service, in each DCPType and in a legend.
const capsSample = `<?xml version='1.0' encoding="UTF-8" standalone="no" ?>
<WMS_Capabilities version="1.3.0"  xmlns="http://www.opengis.net/wms"   xmlns:sld="http://www.opengis.net/sld"   xmlns:xlink="http://www.w3.org/1999/xlink"   xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"   xmlns:ms="http://mapserver.gis.umn.edu/mapserver"   xsi:schemaLocation="http://www.opengis.net/wms http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd">
<Service>
  <Name>WMS</Name>
  <OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="https://maps.example.org/wms?map=/srv/town.map&amp;"/>
</Service>
<Capability>
  <Request>
    <GetMap>
      <Format>image/png</Format>
      <DCPType>
        <HTTP>
          <Get><OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="https://maps.example.org/wms?map=/srv/town.map&amp;"/></Get>
          <Post><OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href='https://other.example.org/post'/></Post>
        </HTTP>
      </DCPType>
    </GetMap>
  </Request>
  <Layer>
    <Name>parcels</Name>
    <Attribution><OnlineResource xlink:href="https://www.example.org/about"/></Attribution>
    <Style>
      <LegendURL width="70" height="20">
        <Format>image/png</Format>
        <OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="https://maps.example.org/wms?map=/srv/town.map&amp;version=1.3.0&amp;service=WMS&amp;request=GetLegendGraphic&amp;sld_version=1.1.0&amp;layer=parcels&amp;format=image/png&amp;STYLE=default"/>
      </LegendURL>
    </Style>
    <MetadataURL type="TC211"><OnlineResource xlink:type="simple" xlink:href="https://maps.example.org/meta.xml"/></MetadataURL>
  </Layer>
</Capability>
</WMS_Capabilities>
`

func TestRewriteCapabilities(t *testing.T) {
	service, _ := url.Parse("https://maps.example.org/wms?map=/srv/town.map")
	proxy := "https://arbor.example/api/management/project/p/basemaps/b/wms"
	out, err := rewriteCapabilities([]byte(capsSample), service, proxy)
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	// The service's addresses are the proxy's; the map path (the proxy adds the configured one)
	// is gone; a legend keeps its request.
	if n := strings.Count(got, `xlink:href="`+proxy+`?"`); n != 3 {
		t.Errorf("%d service addresses rewritten, want 3 (Service, GetMap Get, metadata):\n%s", n, got)
	}
	if !strings.Contains(got, `xlink:href='`+proxy+`?'`) {
		t.Errorf("the Post address (another host, but the service's own) is not the proxy's:\n%s", got)
	}
	legend := proxy + "?FORMAT=image%2Fpng&amp;LAYER=parcels&amp;REQUEST=GetLegendGraphic&amp;SERVICE=WMS&amp;SLD_VERSION=1.1.0&amp;STYLE=default&amp;VERSION=1.3.0"
	if !strings.Contains(got, `xlink:href="`+legend+`"`) {
		t.Errorf("legend not rewritten to %s:\n%s", legend, got)
	}
	// Other links stay; so does every other byte, the namespaces and their prefixes included.
	for _, keep := range []string{`<Attribution><OnlineResource xlink:href="https://www.example.org/about"/>`,
		`<WMS_Capabilities version="1.3.0"  xmlns="http://www.opengis.net/wms"   xmlns:sld="http://www.opengis.net/sld"   xmlns:xlink="http://www.w3.org/1999/xlink"`,
		`<?xml version='1.0' encoding="UTF-8" standalone="no" ?>`} {
		if !strings.Contains(got, keep) {
			t.Errorf("lost %s:\n%s", keep, got)
		}
	}
	if !strings.Contains(got, `<MetadataURL type="TC211"><OnlineResource xlink:type="simple" xlink:href="`+proxy+`?"/>`) {
		t.Errorf("metadata on the service's host still points there:\n%s", got)
	}
	if strings.Contains(got, "maps.example.org") {
		t.Errorf("the service's address is left:\n%s", got)
	}
	if !strings.HasSuffix(got, "</WMS_Capabilities>\n") {
		t.Error("the end was cut")
	}
	// Not XML: an error, not a half-rewritten document.
	for _, broken := range []string{"<a><b></a>", "<a><b>", "<a x='1></a>", "not xml </a>"} {
		if _, err := rewriteCapabilities([]byte(broken), service, proxy); err == nil {
			t.Errorf("%s passed", broken)
		}
	}
}

// capsGeoServer is a WMS 1.3.0 capabilities document as GeoServer writes it behind a protected
// host, with everything that names that host: the schemas it serves itself (schemaLocation),
// INSPIRE metadata addresses as text, a comment, another attribute, and an echoed address with
// the token it was asked with.
const capsGeoServer = `<?xml version="1.0" encoding="UTF-8"?><!-- served by https://MAPS.example.org:8443/geoserver/ows?token=s3cret -->
<WMS_Capabilities xmlns="http://www.opengis.net/wms" xmlns:sld="http://www.opengis.net/sld" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:inspire_common="http://inspire.ec.europa.eu/schemas/common/1.0" xmlns:inspire_vs="http://inspire.ec.europa.eu/schemas/inspire_vs/1.0" version="1.3.0" updateSequence="42" xsi:schemaLocation="http://www.opengis.net/wms https://maps.example.org/geoserver/schemas/wms/1.3.0/capabilities_1_3_0.xsd http://www.opengis.net/sld http://schemas.opengis.net/sld/1.1.0/sld_capabilities.xsd http://inspire.ec.europa.eu/schemas/inspire_vs/1.0 https://maps.example.org/geoserver/www/inspire/inspire_vs.xsd">
  <Service>
    <Name>WMS</Name>
    <Abstract>Parcels; see https://maps.example.org/geoserver/web/ for the catalogue.</Abstract>
    <OnlineResource xlink:type="simple" xlink:href="https://maps.example.org/geoserver/ows?SERVICE=WMS&amp;token=s3cret&amp;"/>
  </Service>
  <Capability>
    <Request>
      <GetCapabilities><Format>text/xml</Format><DCPType><HTTP><Get><OnlineResource xlink:type="simple" xlink:href="https://maps.example.org/geoserver/ows?SERVICE=WMS&amp;token=s3cret&amp;"/></Get></HTTP></DCPType></GetCapabilities>
    </Request>
    <inspire_vs:ExtendedCapabilities>
      <inspire_common:MetadataUrl><inspire_common:URL>https://maps.example.org/geoserver/ows?service=CSW&amp;request=GetRecordById&amp;token=s3cret</inspire_common:URL></inspire_common:MetadataUrl>
    </inspire_vs:ExtendedCapabilities>
    <Layer queryable="1">
      <Name>parcels</Name>
      <DataURL><Format>text/html</Format><OnlineResource xlink:type="simple" xlink:href="//maps.example.org/data/parcels.html"/></DataURL>
      <Style><Name>default</Name><LegendURL width="20" height="20" xlink:role="https://maps.example.org/roles/legend"><Format>image/png</Format></LegendURL></Style>
      <Attribution><Title>City</Title><OnlineResource xlink:href="https://www.example.org/about"/></Attribution>
    </Layer>
  </Capability>
</WMS_Capabilities>
`

// capsWMS111 is a WMS 1.1.1 document whose DOCTYPE names the DTD the server serves itself, with
// an internal subset, and one whose DTD has no known home.
const capsWMS111 = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE WMT_MS_Capabilities SYSTEM "https://maps.example.org/geoserver/schemas/wms/1.1.1/WMS_MS_Capabilities.dtd"[
<!ELEMENT VendorSpecificCapabilities EMPTY>
]>
<WMT_MS_Capabilities version="1.1.1"><Service><Name>OGC:WMS</Name><OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="https://maps.example.org/geoserver/wms"/></Service></WMT_MS_Capabilities>
`

// TestCapabilitiesNameNoServiceHost (issue #20): no address on the service's host — in
// xsi:schemaLocation, a DOCTYPE, text, a comment or any attribute, whatever its port, case or
// scheme — reaches the browser, and no token the service echoes; the schemas are named at
// their home; the document stays well-formed and other hosts' addresses stay.
func TestCapabilitiesNameNoServiceHost(t *testing.T) {
	service, _ := url.Parse("https://maps.example.org/geoserver/ows?token=s3cret")
	proxy := "https://arbor.example/api/management/project/p/basemaps/b/wms"
	for name, doc := range map[string]string{"1.3.0": capsGeoServer, "1.1.1": capsWMS111} {
		out, err := rewriteCapabilities([]byte(doc), service, proxy)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := string(out)
		if strings.Contains(strings.ToLower(got), "maps.example.org") || strings.Contains(got, "s3cret") {
			t.Errorf("%s: the service's host or token is left:\n%s", name, got)
		}
		d := xml.NewDecoder(strings.NewReader(got))
		d.Strict = true
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s: no longer well-formed: %v\n%s", name, err, got)
			}
		}
	}
	out, _ := rewriteCapabilities([]byte(capsGeoServer), service, proxy)
	got := string(out)
	for _, want := range []string{
		// The WMS schema at its home, the SLD one as it was, INSPIRE's own copy (no known home) left out.
		`xsi:schemaLocation="http://www.opengis.net/wms http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd http://www.opengis.net/sld http://schemas.opengis.net/sld/1.1.0/sld_capabilities.xsd">`,
		`<!-- served by ` + proxy + `? -->`,
		`see ` + proxy + `? for the catalogue.`,
		`<inspire_common:URL>` + proxy + `?REQUEST=GetRecordById&amp;SERVICE=CSW</inspire_common:URL>`,
		`xlink:href="` + proxy + `?SERVICE=WMS"`,
		`<OnlineResource xlink:type="simple" xlink:href="` + proxy + `?"/></DataURL>`,
		`xlink:role="` + proxy + `?"`,
		`<Attribution><Title>City</Title><OnlineResource xlink:href="https://www.example.org/about"/>`,
		`<?xml version="1.0" encoding="UTF-8"?>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s:\n%s", want, got)
		}
	}
	out, _ = rewriteCapabilities([]byte(capsWMS111), service, proxy)
	if want := `<!DOCTYPE WMT_MS_Capabilities SYSTEM "http://schemas.opengis.net/wms/1.1.1/WMS_MS_Capabilities.dtd" [
<!ELEMENT VendorSpecificCapabilities EMPTY>
]>`; !strings.Contains(string(out), want) {
		t.Errorf("DOCTYPE not at its home:\n%s", out)
	}
	// A DTD of the service with no known home: the DOCTYPE keeps its name and subset.
	own := strings.Replace(capsWMS111, "/geoserver/schemas/wms/1.1.1/", "/dtd/", 1)
	out, _ = rewriteCapabilities([]byte(own), service, proxy)
	if !strings.Contains(string(out), "<!DOCTYPE WMT_MS_Capabilities [\n<!ELEMENT VendorSpecificCapabilities EMPTY>\n]>") {
		t.Errorf("DOCTYPE of a DTD without a home:\n%s", out)
	}
	// A schemaLocation naming only the service's own copies goes as a whole.
	only := `<WMS_Capabilities xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation='http://x.example/ns https://maps.example.org/own.xsd'/>`
	out, _ = rewriteCapabilities([]byte(only), service, proxy)
	if string(out) != `<WMS_Capabilities xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>` {
		t.Errorf("schemaLocation of the service's own schemas: %s", out)
	}
}
